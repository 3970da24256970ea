import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

/**
 * Stopping the server closes its connections instead of waiting for them: a browser keeps idle keep-alive
 * connections open, and opens some ahead of time on which it never sends a request (or sends only part of
 * one), and `server.close()` waits for all of them — for minutes, until Node's request timeouts end them.
 * Once `drain()` is called (`ConnectionDrain` below: before the app's shutdown hooks), every connection
 * without a response in progress, or whose request body is still arriving, is closed at once; a response in progress finishes and then closes its
 * connection (`Connection: close` when its headers are still to be sent), and connections that arrive
 * meanwhile are closed as they come.
 */
export function connectionDrain(server: Server): { drain(): void } {
  const sockets = new Set<Socket>();
  /** Responses in progress per connection. */
  const busy = new Map<Socket, number>();
  /** The last request of each connection (its body may still be arriving). */
  const requests = new Map<Socket, IncomingMessage>();
  let draining = false;
  const close = (socket: Socket) => {
    // what was written goes out first; a peer that never answers the end is cut off
    socket.end();
    socket.setTimeout(2000, () => socket.destroy());
  };
  server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
      requests.delete(socket);
    });
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    requests.set(socket, request);
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else busy.delete(socket);
      if (draining && left <= 0) close(socket);
    });
  });
  return {
    drain() {
      if (draining) return;
      draining = true;
      // idle, or a request whose body has not all arrived (it could not be answered in time anyway)
      for (const socket of sockets) {
        if (!busy.has(socket) || requests.get(socket)?.complete === false) socket.destroy();
      }
    },
  };
}

/** Drains the app's HTTP connections when it stops (a signal or `app.close()`), before the server closes. */
@Injectable()
export class ConnectionDrain implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private connections?: { drain(): void };

  constructor(private readonly adapter: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const server = this.adapter.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) this.connections = connectionDrain(server);
  }

  beforeApplicationShutdown(): void {
    this.connections?.drain();
  }
}
