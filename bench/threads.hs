-- Benchmark workload for the thread rows of `make bench` (issue 12): N short
-- threads (first argument, default 100000), labelled, each yielding 100
-- times, then handing a value back through its own MVar; the main thread
-- waits for them all. About 350 MB of eventlog with +RTS -N2 -l.
import Control.Concurrent
import Control.Monad (forM, forM_, replicateM_)
import GHC.Conc (labelThread)
import System.Environment (getArgs)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of (a:_) -> read a; _ -> 100000 :: Int
  vars <- forM [1 .. n] $ \i -> do
    v <- newEmptyMVar
    t <- forkIO (replicateM_ 100 yield >> putMVar v (i `mod` 7))
    labelThread t ("worker-" ++ show i)
    return v
  forM_ vars takeMVar
