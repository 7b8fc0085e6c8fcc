// `npm run dev`: the API with reload on port 8085 and Vite with hot reload, which proxies /api to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiPort = process.env.API_PORT ?? '8085';
const children = [
  // The login page is rendered by the API from the source template; Vite serves its script.
  spawn('npm', ['run', 'dev', '-w', '@mutua/server'], {
    stdio: 'inherit',
    env: { LOGIN_TEMPLATE: fileURLToPath(new URL('../apps/web/login.html', import.meta.url)), ...process.env, API_PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@mutua/web'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
