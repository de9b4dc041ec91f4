import { ConfigError } from '../config';
import { processSettings } from './settings';

const URL = 'postgres://db.example/shambasoko';

describe('process settings', () => {
  it('defaults to one process, the scheduler every 30 s and the jobs their own intervals', () => {
    expect(processSettings({}, undefined)).toEqual({ processes: 1, schedulerTickMs: 30_000, jobIntervals: {} });
  });

  it('reads API_PROCESSES, SCHEDULER_TICK_MS and JOB_INTERVALS', () => {
    const env = { API_PROCESSES: '3', SCHEDULER_TICK_MS: '100', JOB_INTERVALS: 'order-expiry=1000, purge-rate-limits=60000' };
    expect(processSettings(env, URL)).toEqual({
      processes: 3,
      schedulerTickMs: 100,
      jobIntervals: { 'order-expiry': 1_000, 'purge-rate-limits': 60_000 },
    });
  });

  it('refuses several processes on the embedded database, in one line that says what to do', () => {
    expect(() => processSettings({ API_PROCESSES: '3' }, undefined)).toThrow(ConfigError);
    expect(() => processSettings({ API_PROCESSES: '3' }, undefined)).toThrow(/^API_PROCESSES=3 needs DATABASE_URL: [^\n]+$/);
  });

  it.each([
    [{ API_PROCESSES: '0' }, /API_PROCESSES must be a whole number from 1 to 64/],
    [{ API_PROCESSES: 'two' }, /API_PROCESSES must be a whole number/],
    [{ SCHEDULER_TICK_MS: '5' }, /SCHEDULER_TICK_MS must be/],
    [{ JOB_INTERVALS: 'order-expiry' }, /JOB_INTERVALS must read like/],
    [{ JOB_INTERVALS: 'order-expiry=10' }, /at least 100/],
  ])('refuses %p', (env, message) => {
    expect(() => processSettings(env, URL)).toThrow(message);
  });
});
