// npm run admin:grant -- <email>: grants Admin on the database the API uses (DATA_DIR / DATABASE_URL).
import { loadConfig } from '../src/config';
import { adminGrantCommand } from '../src/modules/admin/accounts/grant-command';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
void adminGrantCommand(process.argv.slice(2), { dataDir: config.dataDir, databaseUrl: config.databaseUrl }).then((code) => {
  process.exitCode = code;
});
