#!/usr/bin/env node
// Browser tests drive Debian's Chromium; install it when missing and we can (root with apt).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const root = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = true;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
} catch {
  hasApt = false;
}
if (!root || !hasApt) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
console.log('Installing Chromium from Debian packages…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit', shell: '/bin/bash' });
if (!existsSync(CHROMIUM)) {
  console.error('Chromium installation did not produce /usr/bin/chromium.');
  process.exit(1);
}
