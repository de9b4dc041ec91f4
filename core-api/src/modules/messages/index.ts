// The messages module's public interface.
export { messageRoutes } from './routes';
