// json-server 0.17 ships no types; these are the three calls the peer makes.
declare module 'json-server' {
  import type { Server } from 'node:http';

  interface App {
    use(handler: unknown): void;
    listen(port: number, host: string, ready: () => void): Server;
  }
  const jsonServer: {
    create(): App;
    defaults(options: { logger: boolean }): unknown;
    router(source: string): unknown;
  };
  export default jsonServer;
}
