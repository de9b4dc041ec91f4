// The announcements module's public interface.
export { announcementRoutes } from './routes';
export { announcementJob } from './service';
