// The "Platform Console" log: one line per request, errors with their context. Every line is
// scrubbed of known keys before it is written.
import * as vscode from 'vscode';
import { formatRequestLine } from '../platform/requestLine';
import type { RequestLogEntry } from '../platform/http';
import { redact } from '../platform/redact';
import { valueText } from '../schema/valueText';

export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Platform Console', { log: true });
  private readonly secrets = new Set<string>();

  /** `onLine`: told of every line as written (scrubbed), if given. */
  constructor(private readonly onLine?: (line: string) => void) {}

  /** Keys to scrub from every line, whatever wrote it. */
  addSecret(secret: string): void {
    if (secret) this.secrets.add(secret);
  }

  scrub(text: string): string {
    return redact(text, [...this.secrets]);
  }

  private remember(line: string): void {
    this.onLine?.(line);
  }

  request(connection: string, entry: RequestLogEntry): void {
    const line = this.scrub(`[${connection}] ${formatRequestLine(entry)}`);
    this.remember(line);
    if (entry.outcome === 'ok') this.channel.info(line);
    else this.channel.warn(line);
  }

  info(message: string): void {
    const line = this.scrub(message);
    this.remember(line);
    this.channel.info(line);
  }

  warn(message: string): void {
    const line = this.scrub(message);
    this.remember(line);
    this.channel.warn(line);
  }

  error(message: string, error?: unknown): void {
    const logDetail = (error as { logDetail?: unknown } | undefined)?.logDetail;
    const extra = typeof logDetail === 'string' ? `\n${logDetail}` : '';
    const detail = error instanceof Error ? `${error.message}${extra}${error.stack ? `\n${error.stack}` : ''}` : error === undefined ? '' : valueText(error);
    const line = this.scrub(detail ? `${message}: ${detail}` : message);
    this.remember(line);
    this.channel.error(line);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
