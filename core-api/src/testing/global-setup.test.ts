import globalSetup from './global-setup';

describe("the test run's Auth emulator ports", () => {
  it('are three free ports of its own, not the fixed ones another run on the machine may hold', async () => {
    const kept = process.env.SHAMBASOKO_TEST_AUTH_PORTS;
    delete process.env.SHAMBASOKO_TEST_AUTH_PORTS;
    try {
      await globalSetup();
      const ports = (process.env.SHAMBASOKO_TEST_AUTH_PORTS ?? '').split(',').map(Number);
      expect(ports).toHaveLength(3);
      expect(new Set(ports).size).toBe(3);
      for (const port of ports) expect(port).toBeGreaterThan(1024);
      expect(ports).not.toContain(9199);
    } finally {
      process.env.SHAMBASOKO_TEST_AUTH_PORTS = kept;
    }
  });
});
