-- Benchmark workload for the heap-profile section of `make bench`: the
-- ring of bench/ring.hs (64 forkIO threads, each blocked in takeMVar on its
-- own MVar, a countdown token passed around N times: the bulk of the log,
-- run / stop / wakeup thread events), and a heap that keeps changing shape
-- for the census (+RTS -hT) to see.  Every 1000 passes the thread holding
-- the token takes one "step": each of the structures below grows or shrinks
-- to a target size that follows its own triangle wave (its own period and
-- phase; about half of them are empty half of the time), so the census has
-- tens of bands (constructors by name, closure types otherwise) rising and
-- falling at different times.  Everything is a function of the pass
-- number, so two runs of the same N make the same heap.
--
-- Build:  ghc -O1 -threaded -eventlog -rtsopts heap.hs
-- Run:    ./heap N +RTS -N2 -l -hT -i0.01 -RTS
--
-- The live heap stays under about 10 MB, so a census (a major GC every
-- 10 ms) costs a few ms.
{-# LANGUAGE BangPatterns #-}
import Control.Concurrent (forkIO)
import Control.Concurrent.MVar
import Control.Concurrent.STM (TVar, newTVarIO)
import Control.Exception (evaluate)
import Control.Monad (forM_, when)
import Data.Array.IO (IOArray, IOUArray, newListArray)
import qualified Data.ByteString.Char8 as BC
import Data.IORef
import qualified Data.IntMap.Strict as IM
import qualified Data.Map.Strict as M
import Data.Ratio ((%))
import qualified Data.Sequence as Q
import qualified Data.Set as S
import qualified Data.Text as T
import Data.Word (Word64)
import System.Environment (getArgs)

ringSize :: Int
ringSize = 64

stepEvery :: Int
stepEvery = 1000

-- ---- the structures --------------------------------------------------------

data Tree = Leaf | Node !Int !Tree !Tree

data Shape = Circle !Double | Rect !Double !Double | Poly [(Double, Double)]

data Entry = Entry {-# UNPACK #-} !Int !(Maybe Int) !(Either Int Double)

-- A pile: a list of items built one by one and dropped from the front.
data Pile a = Pile !Int [a]

emptyPile :: Pile a
emptyPile = Pile 0 []

-- Grows (items c .. t-1, built by mk) or shrinks a pile to t items.
resizePile :: (Int -> IO a) -> Int -> Pile a -> IO (Pile a)
resizePile mk t (Pile c xs)
  | t > c = go c xs
  | t < c = do
      xs' <- evaluate (drop (c - t) xs)
      return (Pile t xs')
  | otherwise = return (Pile c xs)
  where
    go !i ys
      | i >= t = return (Pile t ys)
      | otherwise = do
          y <- mk i
          go (i + 1) (y : ys)

-- Strict builders: the item is built (to WHNF, its fields strict or forced).
strict :: (Int -> a) -> Int -> IO a
strict f i = evaluate (f i)

-- Lazy: the item stays a thunk (the calls are NOINLINE so GHC cannot
-- evaluate them early).
{-# NOINLINE slow1 #-}
slow1 :: Int -> Int
slow1 i = i * 7 + 3

{-# NOINLINE slow2 #-}
slow2 :: Int -> Int -> Int
slow2 i j = i * j + 1

{-# NOINLINE slow3 #-}
slow3 :: Int -> Int -> Int -> Int
slow3 a b c = a + b * c

-- A balanced tree of 2^d - 1 nodes.
tree :: Int -> Int -> Tree
tree _ 0 = Leaf
tree k d = Node k (tree (2 * k) (d - 1)) (tree (2 * k + 1) (d - 1))

shape :: Int -> Shape
shape i = case i `mod` 3 of
  0 -> Circle (fromIntegral i)
  1 -> Rect (fromIntegral i) 2.5
  _ -> let !x = fromIntegral i; !p = (x, x + 1); !q = (x + 2, x) in Poly [p, q]

-- Non-Latin-1 characters are heap-allocated (C#), Latin-1 ones are static.
str :: Int -> String
str i = go (8 + i `mod` 8)
  where
    go 0 = []
    go k = let !c = toEnum (0x3b1 + (i + k) `mod` 24) in c : go (k - 1)

data St = St
  { sList :: !(Pile Int) -- (:), I#
  , sMap :: !(M.Map Int Double) -- Map's Bin, D#, I#
  , sIntMap :: !(IM.IntMap (Int, Int)) -- IntMap's Bin and Tip, (,)
  , sSet :: !(S.Set Integer) -- Set's Bin, IP, ARR_WORDS (the BigNat)
  , sSeq :: !(Q.Seq Word64) -- Deep, Node, One..Four, W64#
  , sBytes :: !(Pile BC.ByteString) -- PS, pinned ARR_WORDS
  , sText :: !(Pile T.Text) -- Text, ARR_WORDS
  , sTree :: !(Pile Tree) -- Node
  , sShapes :: !(Pile Shape) -- Circle, Rect, Poly, (,), D#
  , sEntries :: !(Pile Entry) -- Entry, Just, Left, Right
  , sRatios :: !(Pile Rational) -- :%, IS
  , sThunks1 :: !(Pile Int) -- THUNK_1_0
  , sThunks2 :: !(Pile Int) -- THUNK_2_0
  , sFuns :: !(Pile (Int -> Int)) -- PAP, FUN_1_0
  , sRefs :: !(Pile (IORef Int)) -- MUT_VAR_CLEAN
  , sBoxed :: !(Pile (IOArray Int Int)) -- MUT_ARR_PTRS_CLEAN, STArray
  , sUnboxed :: !(Pile (IOUArray Int Int)) -- ARR_WORDS, STUArray
  , sMVars :: !(Pile (MVar Int)) -- MVAR_CLEAN
  , sTVars :: !(Pile (TVar Int)) -- TVAR
  , sStrings :: !(Pile String) -- (:), C#
  }

initial :: St
initial =
  St emptyPile M.empty IM.empty S.empty Q.empty emptyPile emptyPile emptyPile
    emptyPile emptyPile emptyPile emptyPile emptyPile emptyPile emptyPile
    emptyPile emptyPile emptyPile emptyPile emptyPile

-- The target size of structure k (of maximum size m) at step s: a
-- triangle wave of period p steps; with a gap, empty for the lower half.
target :: Int -> Int -> Bool -> Int -> Int -> Int
target p off gap m s =
  let x = fromIntegral ((s + off) `mod` p) / fromIntegral p :: Double
      tri = 1 - abs (2 * x - 1)
      y = if gap then max 0 (2 * tri - 1) else tri
   in round (fromIntegral m * y)

resizeMap :: Int -> M.Map Int Double -> IO (M.Map Int Double)
resizeMap t m
  | t > c = evaluate (foldl (\a i -> M.insert i (fromIntegral i * 0.5) a) m [c .. t - 1])
  | otherwise = evaluate (foldl (flip M.delete) m [t .. c - 1])
  where
    c = M.size m

resizeIntMap :: Int -> IM.IntMap (Int, Int) -> IO (IM.IntMap (Int, Int))
resizeIntMap t m
  | t > c = evaluate (foldl (\a i -> let !v = (i, i + 1) in IM.insert i v a) m [c .. t - 1])
  | otherwise = evaluate (foldl (flip IM.delete) m [t .. c - 1])
  where
    c = IM.size m

resizeSet :: Int -> S.Set Integer -> IO (S.Set Integer)
resizeSet t m
  | t > c = evaluate (foldl (flip S.insert) m (map big [c .. t - 1]))
  | otherwise = evaluate (foldl (flip S.delete) m (map big [t .. c - 1]))
  where
    c = S.size m
    big i = 2 ^ (80 :: Int) + toInteger i

resizeSeq :: Int -> Q.Seq Word64 -> IO (Q.Seq Word64)
resizeSeq t q
  | t > c = evaluate (foldl (\a i -> let !w = fromIntegral i * 3 in a Q.|> w) q [c .. t - 1])
  | otherwise = evaluate (Q.take t q)
  where
    c = Q.length q

-- One step: every structure to its size at step s.
step :: IORef St -> Int -> IO ()
step ref s = do
  St a b c d e f g h i j k l m n o p q r u v <- readIORef ref
  let tg per off gap mx = target per off gap mx s
  a' <- resizePile (strict id) (tg 700 0 False 20000) a
  b' <- resizeMap (tg 900 300 False 8000) b
  c' <- resizeIntMap (tg 1100 100 True 10000) c
  d' <- resizeSet (tg 1300 650 False 6000) d
  e' <- resizeSeq (tg 1500 0 True 20000) e
  f' <- resizePile (strict (\x -> BC.replicate (16 + x `mod` 100) 'b')) (tg 1700 400 False 3000) f
  g' <- resizePile (strict (\x -> T.replicate (4 + x `mod` 12) (T.pack "txt"))) (tg 1900 1200 True 5000) g
  h' <- resizePile (strict (\x -> tree x 6)) (tg 2100 500 False 200) h
  i' <- resizePile (strict shape) (tg 800 200 True 12000) i
  j' <- resizePile (strict (\x -> Entry x (if even x then Just x else Nothing) (if x `mod` 3 == 0 then Left x else Right 1.5))) (tg 1000 700 False 8000) j
  k' <- resizePile (strict (\x -> toInteger x % toInteger (x + 7))) (tg 1200 900 True 8000) k
  l' <- resizePile (\x -> return (slow1 x)) (tg 1400 0 False 15000) l
  m' <- resizePile (\x -> return (slow2 x (x + 1))) (tg 1600 1000 True 15000) m
  n' <- resizePile (\x -> evaluate (if even x then slow3 x x else \y -> y + x)) (tg 1800 300 False 10000) n
  o' <- resizePile newIORef (tg 2000 1500 True 10000) o
  p' <- resizePile (\x -> newListArray (0, 7) [x .. x + 7]) (tg 2200 100 False 1500) p
  q' <- resizePile (\x -> newListArray (0, 15) [x .. x + 15]) (tg 2400 1800 True 1500) q
  r' <- resizePile newMVar (tg 750 400 False 6000) r
  u' <- resizePile newTVarIO (tg 950 0 True 6000) u
  v' <- resizePile (strict (\x -> let ys = str x in length ys `seq` ys)) (tg 1150 800 False 1500) v
  writeIORef ref $! St a' b' c' d' e' f' g' h' i' j' k' l' m' n' o' p' q' r' u' v'

-- ---- the ring (as bench/ring.hs) -------------------------------------------

node :: Int -> IORef St -> MVar Int -> MVar Int -> MVar () -> IO ()
node passes ref inbox next done = loop
  where
    loop = do
      n <- takeMVar inbox
      if n <= 0
        then putMVar next 0 >> putMVar done ()
        else do
          when (n `mod` stepEvery == 0) $ step ref ((passes - n) `div` stepEvery)
          putMVar next (n - 1)
          loop

main :: IO ()
main = do
  args <- getArgs
  let passes = case args of
        (x : _) -> read x
        [] -> 18000000
  ref <- newIORef initial
  boxes <- mapM (const newEmptyMVar) [1 .. ringSize]
  done <- newEmptyMVar
  let nexts = tail boxes ++ [head boxes]
  forM_ (zip boxes nexts) $ \(inbox, next) -> forkIO (node passes ref inbox next done)
  putMVar (head boxes) passes
  forM_ [1 .. ringSize] $ \_ -> takeMVar done
  St a _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ <- readIORef ref
  let Pile na _ = a
  putStrLn ("heap: " ++ show passes ++ " passes over " ++ show ringSize ++ " threads, "
    ++ show (passes `div` stepEvery) ++ " steps; " ++ show na ++ " list items at the end")
