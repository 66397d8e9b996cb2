// One client connection piped to its own TCP connection to a real Postgres server (no locking needed).
import net from "node:net";
import type { ClientLink, Session } from "./client-link.ts";
import { errorResponse, FrontendParser, GSSENC_REQUEST, SSL_REQUEST } from "./pg-protocol.ts";

export interface ForwardTarget {
  host: string;
  port: number;
}

export class ForwardSession implements Session {
  private readonly link: ClientLink;
  private readonly upstream: net.Socket;
  private readonly parser = new FrontendParser();
  private readonly onEnd: () => void;
  private ending = false;

  constructor(link: ClientLink, target: ForwardTarget, onEnd: () => void) {
    this.link = link;
    this.onEnd = onEnd;
    this.upstream = net.connect(target.port, target.host);
    this.upstream.setNoDelay(true);
    this.upstream.on("data", (chunk) => {
      if (!this.ending) this.link.write(chunk);
    });
    this.upstream.on("error", (error) => {
      if (this.ending) return;
      const message = `cannot reach the database at ${target.host}:${target.port}: ${error.message}`;
      this.link.write(errorResponse("FATAL", "08006", message));
    });
    this.upstream.on("close", () => this.end(false));
  }

  // Messages are parsed only to answer SSLRequest and to spot Terminate; everything else passes through.
  clientData(chunk: Buffer): void {
    if (this.ending) return;
    try {
      for (const message of this.parser.push(chunk)) {
        // Plain text on both legs: the client talks to a loopback proxy, the bridge to a dev server.
        if (message.type === "" && (message.code === SSL_REQUEST || message.code === GSSENC_REQUEST)) {
          this.link.write(Buffer.from("N"));
          continue;
        }
        this.upstream.write(message.bytes);
        // Close both sides on Terminate rather than trusting the far end to do it.
        if (message.type === "X") {
          this.end(false);
          return;
        }
      }
    } catch (error) {
      this.link.write(errorResponse("FATAL", "08P01", (error as Error).message));
      this.end(false);
    }
  }

  clientGone(): void {
    this.end(false);
  }

  shutdown(): Promise<void> {
    this.end(true);
    return Promise.resolve();
  }

  private end(destroy: boolean): void {
    if (this.ending) return;
    this.ending = true;
    if (destroy) this.link.destroy();
    else this.link.close();
    // end() lets a just-written Terminate reach the server before the socket goes.
    if (destroy || !this.upstream.writable) this.upstream.destroy();
    else this.upstream.end(() => this.upstream.destroy());
    this.onEnd();
  }
}
