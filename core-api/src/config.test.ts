import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: 'localhost',
      dataDir: path.resolve(__dirname, '..', '..', '.data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      firebaseProjectId: 'demo-shambasoko',
      firebaseAuthEmulatorHost: undefined,
    });
    expect(config.corsOrigins).toContain('http://localhost:3000');
    expect(config.corsOrigins).toContain('http://127.0.0.1:3004');
    expect(config.corsOrigins).toHaveLength(10);
    expect(config.jwtSecret.length).toBeGreaterThan(16);
  });

  it('reads and trims every variable, treating blank values as unset', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      HOST: '0.0.0.0',
      DATA_DIR: 'tmp/data',
      DATABASE_URL: 'postgres://localhost/shambasoko',
      CORS_ORIGINS: 'https://shambasoko.co.ke, https://admin.shambasoko.co.ke ,',
      FIREBASE_PROJECT_ID: '',
      JWT_SECRET: '   ',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('tmp/data'));
    expect(config.databaseUrl).toBe('postgres://localhost/shambasoko');
    expect(config.corsOrigins).toEqual(['https://shambasoko.co.ke', 'https://admin.shambasoko.co.ke']);
    expect(config.firebaseProjectId).toBe('demo-shambasoko');
    expect(config.jwtSecret).toBe(loadConfig({}).jwtSecret);
  });

  it('rejects a port that is not a port, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('rejects an unknown NODE_ENV', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('requires JWT_SECRET in production and uses it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's3cret-from-vault' }).jwtSecret).toBe('s3cret-from-vault');
  });
});
