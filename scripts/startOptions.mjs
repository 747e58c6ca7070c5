// `npm start`'s options, read and checked before anything is built or started (scripts/start.mjs):
// a VS Code reachable from other machines is an editor with a terminal and the platform's key, so
// a host other than this machine's loopback refuses to start without code-server's password.
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
/** A password the person gives: at least this long (code-server's own random ones have 24 characters). */
export const MIN_PASSWORD_LENGTH = 12;

/** A refusal of the command line: start.mjs prints the message and exits with 2. */
export class StartOptionError extends Error {
  name = 'StartOptionError';
}

/** `[::1]` -> `::1`: the host as code-server and the checks take it. */
function bareHost(host) {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Whether only this machine can reach `host`: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host) {
  const h = bareHost(host.trim().toLowerCase());
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** 0.0.0.0 and :: listen on every address of the machine. */
export function isUnspecifiedHost(host) {
  const h = bareHost(host.trim());
  return h === '0.0.0.0' || h === '::' || h === '[::]';
}

/**
 * The options of `npm start -- …` (argv: the arguments after the script), checked; throws a
 * StartOptionError naming the option and the rule. `auth` is `none` or `password`;
 * `passwordFile` is set when the person gives the password (else one is made for the run).
 */
export function parseStartOptions(argv, env = {}) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        dialect: { type: 'string' },
        auth: { type: 'string' },
        'password-file': { type: 'string' },
        password: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new StartOptionError(`${error.message} (options: --host, --port, --auth none|password, --password-file, --dialect spec|platform)`);
  }
  if (values.password !== undefined) {
    throw new StartOptionError(
      '--password: a password on the command line is visible to every user of this machine (ps) and stays in the shell history; ' +
        'put it in a file only you can read (chmod 600) and pass --password-file <file>, or pass --auth password for a random one',
    );
  }
  const dialect = values.dialect?.trim().toLowerCase();
  if (dialect !== undefined && dialect !== 'spec' && dialect !== 'platform') {
    throw new StartOptionError(`--dialect: must be spec or platform, got ${values.dialect}`);
  }
  const rawPort = values.port ?? env.PORT;
  const port = Number(rawPort ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StartOptionError(`--port: must be a whole number from 1 to 65535, got ${rawPort}`);
  }
  const host = bareHost((values.host ?? DEFAULT_HOST).trim());
  if (host === '' || /[\s/?#@[\]]/.test(host) || (host.includes(':') && isIP(host) !== 6)) {
    throw new StartOptionError(`--host: must be a host name or an IP address without port or path (the port is --port), got ${JSON.stringify(values.host)}`);
  }
  const passwordFile = values['password-file']?.trim();
  if (values['password-file'] !== undefined && !passwordFile) throw new StartOptionError('--password-file: must name a file');
  const auth = values.auth?.trim().toLowerCase() ?? (passwordFile ? 'password' : 'none');
  if (auth !== 'none' && auth !== 'password') throw new StartOptionError(`--auth: must be none or password, got ${values.auth}`);
  if (auth === 'none' && passwordFile) throw new StartOptionError('--password-file: needs --auth password (it was --auth none)');
  if (auth === 'none' && !isLoopbackHost(host)) {
    throw new StartOptionError(
      `--host ${host}: other machines could reach VS Code, and without a password anyone who reaches port ${port} gets an editor, ` +
        'a terminal and the platform key. Add --auth password (a random password, printed once) or --password-file <file> ' +
        '(your own); no password (--auth none) is for 127.0.0.1, ::1 and localhost only',
    );
  }
  return { port, host, dialect, auth, passwordFile };
}

/** A password for one run: 18 random bytes, 24 characters of base64url. */
export function randomPassword() {
  return randomBytes(18).toString('base64url');
}

/**
 * The first line of the person's password file, checked: owned by this user, readable by no one
 * else, at least MIN_PASSWORD_LENGTH characters.
 */
export function readPasswordFile(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    throw new StartOptionError(`--password-file: cannot read ${file} (${error.code ?? error.message})`);
  }
  if (!stat.isFile()) throw new StartOptionError(`--password-file: ${file} is not a file`);
  if ((stat.mode & 0o077) !== 0) {
    throw new StartOptionError(
      `--password-file: ${file} can be read by others (mode ${(stat.mode & 0o777).toString(8)}); it must be readable by you only: chmod 600 ${file}`,
    );
  }
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new StartOptionError(`--password-file: ${file} must belong to the user who runs npm start`);
  }
  const password = readFileSync(file, 'utf8').split(/\r?\n/)[0].trim();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new StartOptionError(
      `--password-file: the password (the file's first line) must have at least ${MIN_PASSWORD_LENGTH} characters, it has ${password.length}`,
    );
  }
  return password;
}

/**
 * The origin to open from another machine: the host given, or for 0.0.0.0 / :: the machine's
 * first non-loopback address (its host name if it has none). IPv6 addresses go in brackets.
 */
export function reachableOrigin(host, port, interfaces = os.networkInterfaces(), hostname = os.hostname()) {
  let name = host;
  if (isUnspecifiedHost(host)) {
    const addresses = Object.values(interfaces)
      .flat()
      .filter((a) => a && !a.internal);
    const pick = addresses.find((a) => a.family === 'IPv4' || a.family === 4) ?? addresses.find((a) => !a.address.startsWith('fe80:'));
    name = pick?.address ?? hostname;
  }
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}
