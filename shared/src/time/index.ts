export {
  NAIROBI_TIME_ZONE,
  NAIROBI_UTC_OFFSET,
  monthInNairobi,
  nairobiClock,
  nairobiWallTime,
  nextMonth,
  startOfNairobiDay,
  todayInNairobi,
} from './nairobi';
