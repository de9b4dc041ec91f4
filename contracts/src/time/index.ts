export {
  NAIROBI_TIME_ZONE,
  NAIROBI_UTC_OFFSET,
  NAIROBI_UTC_OFFSET_HOURS,
  monthInNairobi,
  nairobiClock,
  nairobiWallTime,
  nextMonth,
  startOfNairobiDay,
  todayInNairobi,
} from './nairobi';
