import net from 'node:net';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Before the core-api project's run: ports of its own for the test Auth emulator, so two runs on one
 * machine (another checkout, a CI run beside a developer's) never share, or stop, each other's.
 * The workers inherit the environment set here.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.SHAMBASOKO_TEST_AUTH_PORTS) return;
  const ports = [await freePort(), await freePort(), await freePort()];
  process.env.SHAMBASOKO_TEST_AUTH_PORTS = ports.join(',');
}
