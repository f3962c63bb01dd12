/**
 * Starts the local stack in a child process (./stackProcess.ts) and talks to it over IPC. Its
 * output goes to `stack.log` in the data directory.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import type { StackInfo } from './stack';
import type { ForkedStackOptions, StackCommand, StackMessage } from './stackProcess';

export interface ForkStackOptions extends ForkedStackOptions {
  /** Added to this process's environment for the stack (LOG_LEVEL, CRM_RETRY_DELAY_SCALE, …). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Told when the stack process exits on its own (not after `stop`). */
  onExit?: (reason: string) => void;
}

export class ForkedStack {
  private nextId = 1;
  private stopping = false;
  private readonly waiting = new Map<number, (message: StackMessage) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly info: StackInfo,
    onExit: ((reason: string) => void) | undefined,
  ) {
    child.on('message', (message: StackMessage) => {
      if (message.type === 'reply') this.waiting.get(message.id)?.(message);
    });
    child.on('exit', (code, signal) => {
      if (!this.stopping && code !== 0) onExit?.(`exited with ${code ?? signal}`);
    });
  }

  static async start(options: ForkStackOptions): Promise<ForkedStack> {
    const { env = {}, startTimeoutMs = 120_000, onExit, ...stackOptions } = options;
    const logFile = path.join(options.dataDir, 'stack.log');
    const output = openSync(logFile, 'a');
    const child = fork(path.join(import.meta.dirname, 'stackProcess.ts'), [JSON.stringify(stackOptions)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', output, output, 'ipc'],
      env: { ...process.env, ...env },
    });
    const info = await new Promise<StackInfo>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`the stack did not start within ${startTimeoutMs / 1000} s (see ${logFile})`));
      }, startTimeoutMs);
      child.on('message', (message: StackMessage) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(message.info);
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(`the stack failed to start: ${message.error} (see ${logFile})`));
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the stack exited with ${code} (see ${logFile})`));
      });
    });
    return new ForkedStack(child, info, onExit);
  }

  send(command: StackCommand, timeoutMs = 150_000): Promise<unknown> {
    if (!this.child.connected) return Promise.reject(new Error(`the stack process is gone (${command})`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command} timed out`)), timeoutMs);
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (message.type === 'reply' && message.ok) resolve(message.result);
        else reject(new Error(message.type === 'reply' && !message.ok ? message.error : 'bad reply'));
      });
      this.child.send({ id, command, timeoutMs: timeoutMs - 5_000 });
    });
  }

  /** Stops the stack cleanly and waits for its process to end. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await this.send('stop', 30_000).catch(() => this.child.kill());
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
