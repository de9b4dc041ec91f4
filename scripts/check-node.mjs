// First step of `npm test` and `npm start`: says which Node runs the project and refuses one older than
// the floor in package.json's engines. npm scripts run on the Node that package.json pins (an optional
// dependency puts it first on their PATH), whatever the system's own Node is.
import { readFileSync } from 'node:fs';

const floor = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node.replace(/^>=/, '');
const [major, minor] = process.versions.node.split('.').map(Number);
const [floorMajor, floorMinor] = floor.split('.').map(Number);
if (major < floorMajor || (major === floorMajor && minor < floorMinor)) {
  console.error(
    `ShambaSoko needs Node ${floor} or newer; this is ${process.version}. Use Node 24 (.nvmrc); on Linux, npm install brings it.`,
  );
  process.exit(1);
}
console.log(`Node ${process.version}`);
