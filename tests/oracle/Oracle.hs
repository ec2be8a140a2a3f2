-- | Parsing oracle for hectic's `show` output.
--
-- Decodes an eventlog with the ghc-events 0.17.0.3 library and prints it in
-- the ghc-events 0.21 development-HEAD `show` format (spec Part B).  Event
-- text comes from the library's own ppEvent / ppEventType.  Only the
-- differences listed in spec section D are normalised, each in one place
-- below and each documented in tests/oracle/README.md (N1..N8).
--
-- Usage: oracle [--tagged] [--check] FILE
--   --tagged  prefix every event line with "TAG<TAB>" (raw tag; "18" for
--             block markers) -- for checking templates, not for comparison
--   --stats   instead of the show text, print counts and ordering facts
--             (events per capability, timestamp inversions in file order)
--   --check   exit 2 if the byte-level cross-checks find anything odd
--             (a `len` field that disagrees with what was decoded, or a
--             capability that the HEAD block rule would assign differently)
--
-- How block markers are recovered (N1): 0.17's incremental decoder uses
-- block markers and then drops them.  We feed it the data section one byte
-- at a time, so the offset at which each event is produced is the offset
-- of its last byte.  Whatever lies between the end of one produced event
-- and the start of the next is exactly the dropped items (block markers,
-- DATA_END) followed by the event itself; we read those from the bytes.
-- The library decides every event boundary; we only look at tags there.
{-# LANGUAGE BangPatterns #-}
module Main (main) where

import Control.Monad (forM_, unless, when)
import qualified Data.ByteString as B
import qualified Data.ByteString.Lazy as BL
import Data.Bits (shiftL, (.|.), (.&.))
import Data.Char (isPrint)
import qualified Data.IntMap as IM
import Data.IORef
import Data.List (isPrefixOf, sortOn)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Data.Word (Word16, Word32, Word64)
import GHC.RTS.Events
import GHC.RTS.Events.Incremental (Decoder (..), decodeEvents, readHeader)
import System.Environment (getArgs)
import System.Exit (ExitCode (..), exitWith)
import System.IO

-- | One item of the decoded stream, in file order.
data Item
  = Marker !Int !Word64 !Word32 !Word64 !Word16
    -- ^ offset, time, block_size, end_time, cap (0xFFFF = none)
  | Ev !Int !Int !Event
    -- ^ start offset, end offset (exclusive), library event

itemTime :: Item -> Word64
itemTime (Marker _ t _ _ _) = t
itemTime (Ev _ _ e) = evTime e

main :: IO ()
main = do
  args <- getArgs
  let tagged = "--tagged" `elem` args
      check = "--check" `elem` args
      stats = "--stats" `elem` args
  path <- case filter (not . ("--" `isPrefixOf`)) args of
    [p] -> return p
    _ -> die' "usage: oracle [--tagged] [--stats] [--check] FILE"
  hSetEncoding stdout utf8
  hSetEncoding stderr utf8
  bs <- B.readFile path
  (hdr, rest) <- case readHeader (BL.fromStrict bs) of
    Left err -> do
      hPutStrLn stderr ("Failed to parse " ++ path ++ ": " ++ err)
      exitWith (ExitFailure 1)
    Right r -> return r
  let n = B.length bs
      dataStart = n - fromIntegral (BL.length rest)
      types = eventTypes hdr
      imap = buildEventTypeMap types
      -- Nothing: not declared; Just Nothing: variable size.
      declSize t = size <$> IM.lookup t imap
  oddities <- newIORef (0 :: Int)
  let warn msg = do
        modifyIORef' oddities (+ 1)
        hPutStrLn stderr (path ++ ": " ++ msg)

  -- Drive the library decoder one byte at a time.
  produced <- case drive bs n (decodeEvents hdr) dataStart of
    Left (off, err) -> die' ("decode error near byte " ++ show off ++ ": " ++ err)
    Right evs -> return evs

  -- Rebuild the item list (events + dropped block markers) from offsets.
  items <- rebuild bs n declSize dataStart produced warn

  -- Cross-check 1: HEAD's capability rule (A.7) against the library's.
  checkCaps items warn

  when stats $ do
    printStats bs items
    exitWith ExitSuccess

  -- Print.
  putStr "Event Types:\n"
  forM_ types $ \t -> putStr (ppEventType t ++ "\n")
  putStr "\nEvents:\n"
  forM_ (sortOn itemTime items) $ \it -> do
    line <- render bs imap it
    let tagOf = case it of
          Marker {} -> 18
          Ev s _ _ -> u16 bs s
    when tagged $ putStr (show tagOf ++ "\t")
    putStr (line ++ "\n")
  putStr "\n"
  hFlush stdout
  k <- readIORef oddities
  when (check && k > 0) $ exitWith (ExitFailure 2)

die' :: String -> IO a
die' msg = hPutStrLn stderr ("oracle: " ++ msg) >> exitWith (ExitFailure 1)

-- | Feed the decoder byte by byte from offset @off@.  Returns each produced
-- event with the offset just past its last byte.  Running out of input is
-- silent truncation (spec A.8): the incomplete event is dropped.
drive :: B.ByteString -> Int -> Decoder Event -> Int
      -> Either (Int, String) [(Int, Event)]
drive bs n = go []
  where
    go acc dec !off = case dec of
      Produce ev dec' -> go ((off, ev) : acc) dec' off
      Consume k
        | off < n -> go acc (k (B.take 1 (B.drop off bs))) (off + 1)
        | otherwise -> Right (reverse acc)
      Done _ -> Right (reverse acc)
      Error _ err -> Left (off, err)

u16 :: B.ByteString -> Int -> Int
u16 bs o = fromIntegral (B.index bs o) `shiftL` 8 .|. fromIntegral (B.index bs (o + 1))

u32 :: B.ByteString -> Int -> Word32
u32 bs o = foldl (\a i -> a `shiftL` 8 .|. fromIntegral (B.index bs (o + i))) 0 [0 .. 3]

u64 :: B.ByteString -> Int -> Word64
u64 bs o = foldl (\a i -> a `shiftL` 8 .|. fromIntegral (B.index bs (o + i))) 0 [0 .. 7]

-- | Tags whose `len` field 0.21 ignores (spec A.6); for all other variable
-- events the library consumes exactly `len` bytes.
lenIgnored :: Int -> Bool
lenIgnored t = t `elem` [160, 161, 163, 164, 167, 169]

rebuild :: B.ByteString -> Int -> (Int -> Maybe (Maybe Word16)) -> Int -> [(Int, Event)]
        -> (String -> IO ()) -> IO [Item]
rebuild bs n declSize = go []
  where
    go acc !q evs warn = case evs of
      [] -> return (reverse (trailing q acc))
      ((end, ev) : more) -> do
        let (q', acc') = skipDropped q end acc
        -- q' is the start of the produced event.
        let tag = u16 bs q'
            expect = case declSize tag of
              Just Nothing -> 12 + u16 bs (q' + 10)
              Just (Just s) -> 10 + fromIntegral s
              Nothing -> -1
        when (expect /= end - q') $
          warn ("event at byte " ++ show q' ++ " (tag " ++ show tag ++ ") used "
                ++ show (end - q') ++ " bytes, header/len says " ++ show expect
                ++ (if lenIgnored tag then " (len ignored by the decoder)" else ""))
        go (Ev q' end ev : acc') end more warn

    -- Items the library consumed without producing: DATA_END and block
    -- markers.  Stop at 'lim' (the end of the next produced event).
    skipDropped q lim acc
      | q + 2 <= lim && u16 bs q == 0xFFFF = skipDropped (q + 2) lim acc
      | Just m <- marker q, q + markerLen < lim = skipDropped (q + markerLen) lim (m : acc)
      | otherwise = (q, acc)

    -- After the last produced event: complete markers and DATA_END are
    -- still items; an incomplete item ends the stream (truncation).
    trailing q acc
      | q + 2 <= n && u16 bs q == 0xFFFF = trailing (q + 2) acc
      | q + markerLen <= n, Just m <- marker q = trailing (q + markerLen) (m : acc)
      | otherwise = acc

    markerLen = case declSize 18 of
      Just (Just s) -> 10 + fromIntegral s
      _ -> 0
    marker q
      | markerLen >= 24, q + markerLen <= n, u16 bs q == 18 =
          Just (Marker q (u64 bs (q + 2)) (u32 bs (q + 10)) (u64 bs (q + 14))
                       (fromIntegral (u16 bs (q + 22))))
      | otherwise = Nothing

-- | Recompute capabilities with the HEAD rule of spec A.7 and compare.
checkCaps :: [Item] -> (String -> IO ()) -> IO ()
checkCaps items warn = go (0 :: Integer) Nothing items
  where
    go _ _ [] = return ()
    go _ _ (Marker _ _ bsz _ c : rest) =
      go (fromIntegral (bsz - 24)) (if c == 0xFFFF then Nothing else Just (fromIntegral c)) rest
    go remaining cur (Ev s e ev : rest) = do
      when (evCap ev /= cur) $
        warn ("event at byte " ++ show s ++ ": library cap " ++ show (evCap ev)
              ++ ", HEAD block rule gives " ++ show cur)
      let remaining' = remaining - fromIntegral (e - s)
      go remaining' (if remaining' <= 0 then Nothing else cur) rest

-- | Text of one item, HEAD format.
render :: B.ByteString -> IM.IntMap EventType -> Item -> IO String
render _ _ (Marker _ t _ end c) =
  -- N1: HEAD prints every block marker, followed by an empty line.
  return (show t ++ ": " ++ capPrefix (if c == 0xFFFF then Nothing else Just (fromIntegral c))
          ++ "event block: cap " ++ show c ++ ", end time: " ++ show end ++ "\n")
render bs imap (Ev s _ ev) = do
  let tag = u16 bs s
      prefix = show (evTime ev) ++ ": " ++ capPrefix (evCap ev)
      descOf t = maybe "" (T.unpack . desc) (IM.lookup t imap)
      libLine = ppEvent imap ev
      -- The library's own body text; its prefix must equal HEAD's (B.5).
      libBody
        | prefix `isPrefixOf` libLine = return (drop (length prefix) libLine)
        | otherwise = die' ("unexpected line prefix: " ++ libLine)
  body <- case evSpec ev of
    _ | tag `elem` [5, 6, 7] ->
      -- N3: 0.21 has no decoder for tags 5-7; it prints the description.
      return (descOf tag)
    StopThread {} -> stopThread bs s
    ProfSampleCostCentre {profCapset = c} -> do
      -- N4: HEAD prints the i32 cap mod 65536.
      b <- libBody
      let old = "cap no " ++ show c
      unless (old `isPrefixOf` b) $ die' ("unexpected 167 text: " ++ b)
      return ("cap no " ++ show (c `mod` 65536) ++ drop (length old) b)
    NonmovingHeapCensus {nonmovingCensusBlkSize = l} -> do
      -- N5: 13-byte layout prints 2^n mod 65536 (0.17: 2^n as Int64).
      b <- libBody
      let old = "nonmoving heap census " ++ show ((2 :: Integer) ^ l)
          old64 = "nonmoving heap census " ++ show (2 ^ l :: Int)
          new = "nonmoving heap census " ++ show (((2 :: Integer) ^ l) `mod` 65536)
      case () of
        _ | old64 `isPrefixOf` b -> return (new ++ drop (length old64) b)
          | old `isPrefixOf` b -> return (new ++ drop (length old) b)
          | otherwise -> die' ("unexpected 207 text: " ++ b)
    UnknownEvent {} | tag == 208, Just sz <- size =<< IM.lookup 208 imap, sz >= 8 ->
      -- N6: 0.17 has no decoder for 208.
      return ("nonmoving segments pruned: " ++ show (u32 bs (s + 10))
              ++ " pruned segments, " ++ show (u32 bs (s + 14)) ++ " free segments retained")
    TickyCounterDef {} -> do
      -- N7: HEAD appends ", itbl: {info_tbl:h}" (0 when absent).
      b <- libBody
      return (b ++ ", itbl: " ++ tickyItbl bs s)
    UserBinaryMessage {payload = p} ->
      -- N8: HEAD's lenient UTF-8 + printability filter (B.7).
      return ("binary message " ++ sanitise p)
    _ -> libBody
  return (prefix ++ body)

capPrefix :: Maybe Int -> String
capPrefix = maybe "" (\c -> "cap " ++ show c ++ ": ")

-- | N2: STOP_THREAD in HEAD (B.10), from the raw status and info fields,
-- because 0.17 maps the number through a different table and drops info.
stopThread :: B.ByteString -> Int -> IO String
stopThread bs s = do
  let thread = u32 bs (s + 10)
      status = u16 bs (s + 14)
      info = u32 bs (s + 16)
  txt <- case status of
    0 -> return "No stop thread status"
    1 -> return "heap overflow"
    2 -> return ("stack overflow, size " ++ show info)
    3 -> return "thread yielding"
    5 -> return "thread finished"
    6 -> return "making a foreign call"
    7 -> return "blocked on an MVar"
    8 -> return ("blocked on black hole owned by thread " ++ show info)
    9 -> return "blocked on I/O read"
    10 -> return "blocked on I/O write"
    11 -> return "blocked on threadDelay"
    12 -> return "blocked in STM retry"
    13 -> return "blocked on asyncDoProc"
    18 -> return "blocked in throwTo"
    19 -> return "No stop thread status"
    20 -> return "blocked reading an MVar"
    _ -> die' ("mkStat: stop status " ++ show status ++ " is fatal in HEAD")
  return ("stopping thread " ++ show thread ++ " (" ++ txt ++ ")")

-- | info_tbl of a TICKY_COUNTER_DEF as HEAD reads it (A.6 layouts).
tickyItbl :: B.ByteString -> Int -> String
tickyItbl bs s =
  let len = u16 bs (s + 10)
      p0 = s + 12
      cstrEnd o = maybe (B.length bs) (+ (o + 1)) (B.elemIndex 0 (B.drop o bs))
      afterKinds = cstrEnd (p0 + 10)
      afterName = cstrEnd afterKinds
  in if afterName - p0 == len then "0" else hex (u64 bs afterName)
  where
    hex 0 = "0"
    hex v = go v ""
      where go 0 acc = acc
            go x acc = go (x `div` 16) ("0123456789abcdef" !! fromIntegral (x .&. 15) : acc)

-- | B.7 binary-sanitised: lenient UTF-8 decode (each byte of an invalid
-- sequence becomes '.'), then every non-printable character becomes '.'.
sanitise :: B.ByteString -> String
sanitise = map (\c -> if isPrint c then c else '.')
         . T.unpack . TE.decodeUtf8With (\_ _ -> Just '.')

-- | Ordering facts used by tests/fixtures/README.md: would a merge of the
-- per-capability streams (each taken in file order) give the same order as
-- the stable sort by timestamp that `show` uses?
printStats :: B.ByteString -> [Item] -> IO ()
printStats bs items = do
  let evs = [ (evCap e, evTime e, u16 bs s) | Ev s _ e <- items ]
      markers = length [ () | Marker {} <- items ]
      caps = map (fmap reverse) (IM.toList (IM.fromListWith (++)
                         [ (maybe (-1) id c, [(t, tag)]) | (c, t, tag) <- evs ]))
      inversions xs = [ (a, b) | ((ta, a), (tb, b)) <- zip xs (drop 1 xs), tb < ta ]
      capName c = if c < 0 then "none" else "cap " ++ show c
  putStrLn ("events " ++ show (length evs) ++ ", block markers " ++ show markers)
  forM_ caps $ \(c, xs) -> do
    let inv = inversions xs
        pairs = IM.toList (IM.fromListWith (+) [ (a * 1000 + b, 1 :: Int) | (a, b) <- inv ])
    putStrLn ("  " ++ capName c ++ ": " ++ show (length xs) ++ " events, "
              ++ show (length inv) ++ " timestamp inversions in file order"
              ++ concat [ ", " ++ show k ++ "x tag " ++ show (ab `div` 1000) ++ " then "
                          ++ show (ab `mod` 1000) | (ab, k) <- pairs ])
  -- Equal timestamps in different streams: their relative order in the
  -- stable sort is file order, which a merge must reproduce explicitly.
  let byTime = IM.fromListWith (++) [ (fromIntegral t, [maybe (-1) id c]) | (c, t, _) <- evs ]
      shared = length [ () | cs <- IM.elems byTime, length (uniq cs) > 1 ]
      uniq = IM.keys . IM.fromList . map (\x -> (x, ()))
  putStrLn ("  timestamps shared by events of different streams: " ++ show shared)
  -- Events whose timestamp lies outside [block start, block end_time].
  let outside = go Nothing items (0 :: Int)
      go _ [] k = k
      go _ (Marker _ t _ e _ : rest) k = go (Just (t, e)) rest k
      go b (Ev _ _ ev : rest) k = case (b, evCap ev) of
        (Just (t0, t1), Just _) | evTime ev < t0 || evTime ev > t1 -> go b rest (k + 1)
        _ -> go b rest k
  putStrLn ("  events outside their block's [start, end time]: " ++ show outside)
