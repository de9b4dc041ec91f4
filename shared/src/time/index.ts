export { todayInNairobi } from './nairobi';
