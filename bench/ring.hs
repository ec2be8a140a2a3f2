-- Benchmark workload for `make bench`: a ring of 64 threads (forkIO), each
-- holding an MVar; a token (a countdown) is passed around the ring N times
-- in all (N = first argument, default 18000000).  Every pass wakes the next
-- thread and blocks the current one, so the eventlog is dominated by
-- run/stop/wakeup/runnable thread events on both capabilities.
--
-- Build:  ghc -O2 -threaded -eventlog -rtsopts ring.hs
-- Run:    ./ring N +RTS -N2 -l -RTS
import Control.Concurrent (forkIO)
import Control.Concurrent.MVar
import Control.Monad (forM_)
import System.Environment (getArgs)

ringSize :: Int
ringSize = 64

-- Take the token, pass it on (decremented) until it reaches 0; then tell
-- main and keep the 0 moving so every other thread also sees it and stops.
node :: MVar Int -> MVar Int -> MVar () -> IO ()
node inbox next done = loop
  where
    loop = do
      n <- takeMVar inbox
      if n <= 0
        then putMVar next 0 >> putMVar done ()
        else putMVar next (n - 1) >> loop

main :: IO ()
main = do
  args <- getArgs
  let passes = case args of
        (a : _) -> read a
        [] -> 18000000
  boxes <- mapM (const newEmptyMVar) [1 .. ringSize]
  done <- newEmptyMVar
  let nexts = tail boxes ++ [head boxes]
  forM_ (zip boxes nexts) $ \(inbox, next) -> forkIO (node inbox next done)
  putMVar (head boxes) passes
  forM_ [1 .. ringSize] $ \_ -> takeMVar done
  putStrLn ("ring: " ++ show passes ++ " passes over " ++ show ringSize ++ " threads")
