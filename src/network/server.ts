// The embedded seller network's HTTP face: every seller is its own BPP on one loopback listener,
// with its own keys in the shared registry file (DESIGN §5). A request is verified (401 NACK on a
// bad signature), validated (400 NACK), ACKed at once, and answered afterwards by a signed
// on_<action> POSTed to the buyer app's bap_uri (ondc-notes §1, §3). Order changes the buyer did
// not ask about go out as unsolicited on_status / on_update while the network runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { createOndcClient, type OndcClient, type ProtocolLogEntry } from '#/ondc/client.ts';
import {
  ack,
  answeredContextOf,
  buildContext,
  callbackContext,
  isExpired,
  nack,
  ttlToMs,
  type Context,
  type CoreVersion,
  type NackError,
} from '#/ondc/context.ts';
import { loadOrCreateKeys, registerParticipants, type SigningIdentity } from '#/ondc/identity.server.ts';
import { createProtocolLogger, logClientEntry } from '#/ondc/protocol-log.server.ts';
import { createFileRegistry } from '#/ondc/registry.ts';
import { verifyRequest } from '#/ondc/signing.ts';
import { generateNetwork, type Seller } from './catalogue/generate.ts';
import { drawItemSvg, drawProviderSvg } from './catalogue/images.ts';
import { buildIncrementalCatalog, buildOnSearchCatalog } from './catalogue/on-search.ts';
import { createNetworkClock } from './clock.ts';
import { inCoreVersion } from './core-version.ts';
import { pageOutcome, pageRetryDelay } from './search.ts';
import { parseRequest, SELLER_ACTIONS, type IssueAction, type OrderAction, type ParsedRequest, type RequestOf, type SellerAction } from './requests.ts';
import { deskAtWork, dueStep, openIssueError, takeBuyerIssue, type IssueRecord } from './issue-desk.ts';
import { appendedTargets, type IgmIssue } from '#/ondc/igm.ts';
import { answerOrderRequest, createSellerDesk, type Answer, type DueNotice } from './seller-desk.ts';
import { sellerError } from './seller-errors.ts';
import { catalogRejectionSchema } from '#/ondc/catalog-rejection.ts';
import { openStateStore } from './state.ts';
import { createEmbeddedRegistry, lookupRequestSchema } from './registry.ts';
import { releaseAfterBursts } from '#/lib/process/memory.server.ts';
import { createKeepAliveServer } from '#/lib/http/keep-alive.ts';
import { answerContext, EMBEDDED_AGENCY_ID, onReconContext, reconEnvelopeSchema, reportEnvelopeSchema, settleEnvelopeSchema } from '#/ondc/rsf.ts';
import { answerRecon } from './recon.ts';
import { carryOutSettle, reportOn } from './settlement-agency.ts';

export type SellerNetworkOptions = {
  /** 0 picks a free port */
  port?: number;
  host?: string;
  /** the network keeps its keys, state and protocol log in `<dataDir>/network/` */
  dataDir: string;
  registryFile?: string;
  seed?: number;
  scale?: number;
  clockSpeed?: number;
  clockStart?: Date;
  /** write every message in and out under `<dataDir>/network/ondc-log/` (ONDC_LOG=1) */
  ondcLog?: boolean;
  /** how often (real ms) order changes are looked for and pushed */
  tickMs?: number;
  /** the retail core version every seller speaks (NETWORK_CORE_VERSION), 1.2.0 unless set (issue 25) */
  coreVersion?: CoreVersion;
};

export type SellerNetwork = {
  url: string;
  port: number;
  counts: { sellers: number; providers: number; items: number };
  stop(): Promise<void>;
};

const DEFAULT_PORT = 5321;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_TICK_MS = 250;
const MAX_BODY_BYTES = 1024 * 1024;
/** How long stop() waits for callbacks already under way. */
const DRAIN_MS = 5_000;
const IMAGE_CACHE = 'public, max-age=86400';
const IMAGE_PATH = /^(?:\/sellers\/[^/]+)?\/images\/(item|provider)\/([a-z0-9-]+\/[a-z0-9-]+)\.svg$/;
const SELLER_PATH = /^\/sellers\/([^/]+)\/([a-z_]+)$/;
/** The settlement agency's endpoints (RSF 2.0.0): settle and report. */
const AGENCY_PATH = /^\/sa\/(settle|report)$/;
const TRACK_PATH = /^\/sellers\/([^/]+)\/track\/([^/]+)$/;
const INVOICE_PATH = /^\/sellers\/([^/]+)\/invoice\/([^/]+)$/;
/** The store's own desk: what its staff do to an order without a buyer asking (loopback only). */
const DESK_CANCEL_PATH = /^\/sellers\/([^/]+)\/desk\/orders\/([^/]+)\/cancel$/;
const deskCancelSchema = z.object({ reason_id: z.string().regex(/^\d{3}$/, 'reason_id is a three-digit ONDC cancellation reason') });
const DESK_SHELF_PATH = /^\/sellers\/([^/]+)\/desk\/items\/([^/]+)\/stock$/;
const deskShelfSchema = z.object({ count: z.number().int().min(0).max(100_000) });

/** Enough of a body to file it in the protocol log before it is validated. */
const messageIdsSchema = z.object({ context: z.object({ transaction_id: z.string(), message_id: z.string() }) });

type SellerNode = { seller: Seller; identity: SigningIdentity; bppUri: string; client: OndcClient };

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/** A NACK in ONDC's shape, echoing the context of the message refused where it has one. */
function refuse(res: ServerResponse, status: number, error: NackError, context?: Record<string, unknown>) {
  sendJson(res, status, nack(error, context));
}

/** The context of a request refused before its body was wanted: read, only to echo it. */
async function contextOfRequest(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  if (req.method !== 'POST') return undefined;
  try {
    return answeredContextOf((await readBody(req)).toString('utf8'));
  } catch {
    return undefined;
  }
}

const catalogIncSchema = z.object({
  tags: z.array(z.object({ code: z.string(), list: z.array(z.object({ code: z.string(), value: z.string() })) })),
});

/** The catalog_inc mode of a search asking for pushes ("start") or an end to them ("stop"); null for any other search. */
function catalogIncMode(intent: unknown): 'start' | 'stop' | null {
  const parsed = catalogIncSchema.safeParse(intent);
  const mode = parsed.success ? parsed.data.tags.find((t) => t.code === 'catalog_inc')?.list.find((e) => e.code === 'mode')?.value : undefined;
  return mode === 'start' || mode === 'stop' ? mode : null;
}

/** How often a seller pushes the changes a buyer app asked for: ONDC's shortest period, one minute of the network's clock. */
const PUSH_EVERY_NETWORK_MS = 60_000;

/** The (start, end] window of an incremental search's catalog_inc tag, in real ms; null for a full search. */
function catalogIncWindow(intent: unknown): { from: number; to: number } | null {
  const parsed = catalogIncSchema.safeParse(intent);
  const list = parsed.success ? parsed.data.tags.find((t) => t.code === 'catalog_inc')?.list : undefined;
  if (!list) return null;
  const at = (code: string) => Date.parse(list.find((e) => e.code === code)?.value ?? '');
  const from = at('start_time');
  const to = at('end_time');
  return Number.isFinite(from) ? { from, to: Number.isFinite(to) ? to : Date.now() } : null;
}

/** A URL others can reach: a wildcard listen address is reached on loopback. */
/**
 * What one callback must look like beyond the order itself (ONDC's log validator): on_confirm's
 * context timestamp and the order's updated_at are one instant, the order's own (so a later
 * precancel_state can name it); on_cancel carries no order tags.
 */
function fitToAction(request: Context, context: Context, message: Record<string, unknown>): { context: Context; message: Record<string, unknown> } {
  const order = message['order'] as Record<string, unknown> | undefined;
  if (!order) return { context, message };
  if (context.action === 'on_confirm') {
    const updated = typeof order['updated_at'] === 'string' ? order['updated_at'] : null;
    const at = updated ? Date.parse(updated) : Number.NaN;
    if (at > Date.parse(request.timestamp) && at <= Date.parse(context.timestamp)) return { context: { ...context, timestamp: updated as string }, message };
    return { context, message: { ...message, order: { ...order, updated_at: context.timestamp } } };
  }
  if (context.action === 'on_cancel') {
    const { tags: _terms, ...rest } = order;
    return { context, message: { ...message, order: rest } };
  }
  return { context, message };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '0.0.0.0' || host === '::' || host === '::1' || host.startsWith('127.');
}

function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startSellerNetwork(options: SellerNetworkOptions): Promise<SellerNetwork> {
  const networkDir = path.join(options.dataDir, 'network');
  const registryFile = options.registryFile ?? path.join(options.dataDir, 'registry.json');
  const host = options.host ?? DEFAULT_HOST;
  const coreVersion = options.coreVersion ?? '1.2.0';
  const network = generateNetwork({
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.scale === undefined ? {} : { scale: options.scale }),
  });
  const counts = {
    sellers: network.sellers.length,
    providers: network.sellers.reduce((n, s) => n + s.providers.length, 0),
    items: network.itemCount,
  };
  const state = openStateStore(path.join(networkDir, 'state.json'), { networkNow: () => clock.now() });
  const clock = createNetworkClock({
    ...(options.clockSpeed === undefined ? {} : { speed: options.clockSpeed }),
    ...(options.clockStart === undefined ? {} : { start: options.clockStart }),
    ...(state.savedNetworkTime ? { notBefore: state.savedNetworkTime } : {}),
  });
  const registry = createFileRegistry(registryFile);
  const onboardingRegistry = createEmbeddedRegistry({ networkDir, registryFile });
  const log = createProtocolLogger(networkDir, options.ondcLog ?? process.env.ONDC_LOG === '1');

  const nodes = new Map<string, SellerNode>();
  const inflight = new Set<Promise<unknown>>();
  let url = '';
  let ready = false;
  let stopping = false;
  // Subscriber URIs need a host name, not an address (ONDC's validator checks format "url"): on
  // loopback the sellers are named under .localhost (RFC 6761), which our client connects to itself.
  let subscriberBase = '';
  const bppUriOf = (sellerId: string) => `${subscriberBase}/sellers/${sellerId}`;
  const sellerDesk = createSellerDesk({ network, state, clock, bppUriOf });

  function track(job: Promise<unknown>) {
    inflight.add(job);
    void job.finally(() => inflight.delete(job));
  }

  const server = createKeepAliveServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('seller network request failed', error);
      if (!res.headersSent) refuse(res, 500, sellerError('31001', 'Internal Error'));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${reachableHost(host)}:${port}`;
  subscriberBase = isLoopback(host) ? `http://sellers.localhost:${port}` : url;

  // Each seller's subscriber_url names the port, so the sellers join the registry once listening.
  for (const seller of network.sellers) {
    const identity = loadOrCreateKeys(path.join(networkDir, 'keys', `${seller.id}.json`), seller.id);
    const client = createOndcClient({
      subscriberId: identity.subscriberId,
      uniqueKeyId: identity.uniqueKeyId,
      privateKey: identity.privateKey,
      ...(log ? { log: (entry: ProtocolLogEntry) => logClientEntry(log, seller.id, entry) } : {}),
    });
    nodes.set(seller.id, { seller, identity, bppUri: bppUriOf(seller.id), client });
  }
  const agencyIdentity = loadOrCreateKeys(path.join(networkDir, 'keys', `${EMBEDDED_AGENCY_ID}.json`), EMBEDDED_AGENCY_ID);
  const agency = {
    identity: agencyIdentity,
    uri: `${subscriberBase}/sa`,
    client: createOndcClient({
      subscriberId: agencyIdentity.subscriberId,
      uniqueKeyId: agencyIdentity.uniqueKeyId,
      privateKey: agencyIdentity.privateKey,
      ...(log ? { log: (entry: ProtocolLogEntry) => logClientEntry(log, EMBEDDED_AGENCY_ID, entry) } : {}),
    }),
  };
  registerParticipants(registryFile, [
    {
      subscriber_id: EMBEDDED_AGENCY_ID,
      unique_key_id: agencyIdentity.uniqueKeyId,
      signing_public_key: agencyIdentity.publicKey,
      type: 'BPP' as const,
      subscriber_url: agency.uri,
      domain: 'ONDC:NTS10',
      city: '*',
    },
  ]);
  registerParticipants(
    registryFile,
    [...nodes.values()].map(({ seller, identity, bppUri }) => ({
      subscriber_id: seller.id,
      unique_key_id: identity.uniqueKeyId,
      signing_public_key: identity.publicKey,
      type: 'BPP' as const,
      subscriber_url: bppUri,
      domain: [...new Set(seller.providers.map((p) => p.domain))].join(','),
      city: [...new Set(seller.providers.map((p) => p.cityCode))].join(','),
    })),
  );
  ready = true;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const pathname = new URL(req.url ?? '/', 'http://network.invalid').pathname;
    if (!ready) return refuse(res, 503, { type: 'CORE-ERROR', code: '31001', message: 'The seller network is starting' }, await contextOfRequest(req));
    if (req.method === 'GET' || req.method === 'HEAD') return serveGet(req, res, pathname);
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, HEAD, POST' }).end();
      return;
    }
    if (pathname === '/registry/subscribe' || pathname === '/registry/v2.0/lookup') return registryRequest(req, res, pathname);
    const desk = DESK_CANCEL_PATH.exec(pathname);
    if (desk) return deskCancel(req, res, decodeURIComponent(desk[1] ?? ''), decodeURIComponent(desk[2] ?? ''));
    const shelf = DESK_SHELF_PATH.exec(pathname);
    if (shelf) return deskShelf(req, res, decodeURIComponent(shelf[1] ?? ''), decodeURIComponent(shelf[2] ?? ''));
    let action: SellerAction | 'catalog_rejection' | 'recon' | 'settle' | 'report';
    let node: SellerNode | null = null;
    const sellerRoute = SELLER_PATH.exec(pathname);
    const agencyRoute = AGENCY_PATH.exec(pathname);
    if (pathname === '/gateway/search') {
      action = 'search';
    } else if (agencyRoute) {
      action = agencyRoute[1] === 'settle' ? 'settle' : 'report';
    } else if (sellerRoute) {
      node = nodes.get(decodeURIComponent(sellerRoute[1] ?? '')) ?? null;
      const known = [...SELLER_ACTIONS, 'catalog_rejection' as const, 'recon' as const].find((a) => a === sellerRoute[2]);
      if (!node || !known)
        return refuse(res, 404, { type: 'CONTEXT-ERROR', code: '30000', message: `No such seller endpoint ${pathname}` }, await contextOfRequest(req));
      action = known;
    } else {
      return refuse(res, 404, { type: 'CONTEXT-ERROR', code: '30000', message: `No such endpoint ${pathname}` }, await contextOfRequest(req));
    }

    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(res, 413, { type: 'JSON-SCHEMA-ERROR', code: '30000', message: 'The body is over 1 MiB' });
      throw error;
    }
    // Every answer, ACK or NACK, echoes the context of what it answers.
    const answered = answeredContextOf(raw.toString('utf8'));
    const verified = await verifyRequest({
      body: raw,
      header: req.headers.authorization,
      lookupPublicKey: (subscriberId, ukId) => registry.lookupPublicKey(subscriberId, ukId),
    });
    if (!verified.ok) {
      res.setHeader('WWW-Authenticate', `Signature realm="${node?.seller.id ?? 'gateway'}",headers="(created) (expires) digest"`);
      return refuse(res, 401, { type: 'CONTEXT-ERROR', code: '30016', message: `Invalid Signature (${verified.reason})` }, answered);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(res, 400, { type: 'JSON-SCHEMA-ERROR', code: '30000', message: 'The body is not JSON' }, answered);
    }
    if (log) {
      const ids = messageIdsSchema.safeParse(json);
      log({
        at: new Date().toISOString(),
        direction: 'in',
        participant: node?.seller.id ?? 'gateway',
        action,
        url: pathname,
        ...(ids.success ? { transactionId: ids.data.context.transaction_id, messageId: ids.data.context.message_id } : {}),
        body: json,
      });
    }

    if (action === 'catalog_rejection') return acceptRejection(res, node, verified.subscriberId, json, answered);
    if (action === 'recon') return acceptRecon(res, node, verified.subscriberId, json, answered);
    if (action === 'settle' || action === 'report') return acceptSettlement(res, action, verified.subscriberId, json, answered);
    const incoming = { res, node, action, signer: verified.subscriberId, answered };
    if (action === 'search') {
      const searchNode = node;
      return accept(incoming, parseRequest('search', json), (request) => answerSearch(searchNode, request));
    }
    const seller = node;
    if (!seller) throw new Error(`${action} reached no seller`);
    if (action === 'issue' || action === 'issue_status') return acceptIssueRequest(incoming, action, seller, json);
    return acceptOrderRequest(incoming, action, seller, json);
  }

  type Incoming = { res: ServerResponse; node: SellerNode | null; action: SellerAction; signer: string; answered: Record<string, unknown> | undefined };

  function acceptOrderRequest<A extends OrderAction>(incoming: Incoming, action: A, node: SellerNode, json: unknown) {
    accept(incoming, parseRequest(action, json), (request) => answerRequest(action, node, request));
  }

  function acceptIssueRequest<A extends IssueAction>(incoming: Incoming, action: A, node: SellerNode, json: unknown) {
    accept(incoming, parseRequest(action, json), (request) => answerIssueRequest(action, node, request));
  }

  /**
   * A complaint taken into the seller's desk, or refused in an on_issue error (IGM 2.0's IGM001–008
   * travel in the callback); issue_status is answered with the issue as the desk holds it.
   */
  async function answerIssueRequest<A extends IssueAction>(action: A, node: SellerNode, request: RequestOf<A>) {
    const { context } = request;
    if (action === 'issue_status') {
      const { issue_id: issueId } = request.message as RequestOf<'issue_status'>['message'];
      const record = state.issue(issueId);
      const order = record ? state.order(record.orderId) : undefined;
      if (!record || record.sellerId !== node.seller.id || !order || order.bapId !== context.bap_id) {
        return void (await send(node, context, { message: {}, error: sellerError('IGM004', `No issue ${issueId} with this seller`) }));
      }
      return void (await send(node, context, { message: { update_target: appendedTargets(false), issue: record.issue } }));
    }
    const { issue } = request.message as RequestOf<'issue'>['message'];
    const held = state.issue(issue.id);
    let error = null;
    if (!held) {
      const order = state.order(issue.refs.find((r) => r.ref_type === 'ORDER')?.ref_id ?? '');
      error = openIssueError(order, node.seller.id, context, issue, [...state.issues()]);
      if (!error)
        state.saveIssue({ id: issue.id, sellerId: node.seller.id, orderId: order?.id ?? '', issue, buyerAt: clock.now().toISOString(), sellerAt: null });
    } else if (held.sellerId !== node.seller.id || state.order(held.orderId)?.bapId !== context.bap_id) {
      error = sellerError('IGM001', `No issue ${issue.id} with this seller`);
    } else {
      const taken = takeBuyerIssue(held, issue, clock.now());
      if ('error' in taken) error = taken.error;
      else state.saveIssue(taken.record);
    }
    // The acknowledgement of a good issue is the desk's PROCESSING, on its clock; a refusal is now.
    if (error) await send(node, context, { message: {}, error });
  }

  /**
   * The checks after the signature: shape (400), action, signer and seller as the context
   * names them, freshness. Then ACK, and the answer once the ACK has been written.
   */
  function accept<A extends SellerAction>(incoming: Incoming, parsed: ParsedRequest<A>, answer: (request: RequestOf<A>) => Promise<void>) {
    const { res, node, action, answered } = incoming;
    if (!parsed.success) return refuse(res, 400, { type: 'JSON-SCHEMA-ERROR', code: '30000', path: parsed.path, message: parsed.message }, answered);
    const { context } = parsed.data;
    if (context.action !== action) {
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30000', message: `context.action is ${context.action}, not ${action}` }, answered);
    }
    // The signature must be the buyer app's own: the callbacks go where its context says.
    if (incoming.signer !== context.bap_id) {
      return refuse(res, 401, { type: 'CONTEXT-ERROR', code: '30016', message: 'Invalid Signature (not signed by context.bap_id)' }, answered);
    }
    if (node && context.bpp_id !== node.seller.id) {
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30000', message: `context.bpp_id is not ${node.seller.id}` }, answered);
    }
    if (isExpired(context)) return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30022', message: 'Stale Request' }, answered);
    if (stopping) return refuse(res, 503, { type: 'CORE-ERROR', code: '31001', message: 'The seller network is stopping' }, answered);
    res.once('finish', () => track(answer(parsed.data)));
    sendJson(res, 200, ack(answered));
  }

  /** A desk request's JSON body by `schema`, or null once a refusal has been sent. */
  async function deskInput<T>(
    req: IncomingMessage,
    res: ServerResponse,
    sellerId: string,
    schema: z.ZodType<T>,
  ): Promise<{ node: SellerNode; input: T } | null> {
    if (!isLoopback(req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '')) {
      sendJson(res, 403, { error: { message: 'The desk is reached from this machine only' } });
      return null;
    }
    const node = nodes.get(sellerId);
    if (!node) {
      sendJson(res, 404, { error: { message: `No seller ${sellerId}` } });
      return null;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      sendJson(res, 400, { error: { message: 'The body is not JSON of at most 1 MiB' } });
      return null;
    }
    const input = schema.safeParse(body);
    if (!input.success) {
      sendJson(res, 400, { error: { message: input.error.issues[0]?.message ?? 'Invalid request' } });
      return null;
    }
    return { node, input: input.data };
  }

  /** The store counts an item's shelf from its desk: orders confirmed after this get only that many. */
  async function deskShelf(req: IncomingMessage, res: ServerResponse, sellerId: string, itemId: string) {
    const desk = await deskInput(req, res, sellerId, deskShelfSchema);
    if (!desk) return;
    const counted = sellerDesk.countShelf(sellerId, itemId, desk.input.count);
    if (!counted) return sendJson(res, 404, { error: { message: `${sellerId} lists no item ${itemId}` } });
    sendJson(res, 200, { item_id: counted.itemId, left: counted.left });
  }

  /** A seller cancels an order from its desk; the buyer app hears it as an unsolicited on_cancel. */
  async function deskCancel(req: IncomingMessage, res: ServerResponse, sellerId: string, orderId: string) {
    const desk = await deskInput(req, res, sellerId, deskCancelSchema);
    if (!desk) return;
    const { node, input } = desk;
    const done = sellerDesk.sellerCancel(sellerId, orderId, input.reason_id);
    if ('error' in done) return sendJson(res, done.error.code === '30018' ? 404 : 409, { error: { code: done.error.code, message: done.error.message } });
    const { order } = done;
    const context = buildContext({
      action: 'cancel',
      domain: order.domain,
      city: order.city,
      transactionId: order.transactionId,
      bapId: order.bapId,
      bapUri: order.bapUri,
      bppId: node.seller.id,
      bppUri: node.bppUri,
    });
    await send(node, context, { message: done.message });
    sendJson(res, 200, { order_id: order.id, state: 'Cancelled', rto: order.cancellation?.rto ?? false });
  }

  /** A buyer app will not list some of this seller's items: ACK, then the seller corrects what it can. */
  function acceptRejection(res: ServerResponse, node: SellerNode | null, signer: string, json: unknown, answered: Record<string, unknown> | undefined) {
    const parsed = catalogRejectionSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(
        res,
        400,
        { type: 'JSON-SCHEMA-ERROR', code: '30000', path: issue?.path.join('.') ?? '', message: issue?.message ?? 'Invalid catalog_rejection' },
        answered,
      );
    }
    const { context, errors } = parsed.data;
    if (signer !== context.bap_id)
      return refuse(res, 401, { type: 'CONTEXT-ERROR', code: '30016', message: 'Invalid Signature (not signed by context.bap_id)' }, answered);
    if (!node || context.bpp_id !== node.seller.id)
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30000', message: 'context.bpp_id is not this seller' }, answered);
    if (isExpired(context)) return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30022', message: 'Stale Request' }, answered);
    sellerDesk.catalogRejected(node.seller.id, errors);
    sendJson(res, 200, ack(answered));
  }

  /**
   * A buyer app's recon (RSF 2.0.0) of orders it collected the money for: ACK, then our own figures
   * in an on_recon, agreeing or not; a recon naming an order that is not ours with that buyer app
   * is answered with an error instead.
   */
  function acceptRecon(res: ServerResponse, node: SellerNode | null, signer: string, json: unknown, answered: Record<string, unknown> | undefined) {
    const parsed = reconEnvelopeSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(
        res,
        400,
        { type: 'JSON-SCHEMA-ERROR', code: '30000', path: issue?.path.join('.') ?? '', message: issue?.message ?? 'Invalid recon' },
        answered,
      );
    }
    const { context, message } = parsed.data;
    if (signer !== context.bap_id)
      return refuse(res, 401, { type: 'CONTEXT-ERROR', code: '30016', message: 'Invalid Signature (not signed by context.bap_id)' }, answered);
    if (!node || context.bpp_id !== node.seller.id)
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30000', message: 'context.bpp_id is not this seller' }, answered);
    if (Date.now() > Date.parse(context.timestamp) + ttlToMs(context.ttl))
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30022', message: 'Stale Request' }, answered);
    if (stopping) return refuse(res, 503, { type: 'CORE-ERROR', code: '31001', message: 'The seller network is stopping' }, answered);
    res.once('finish', () =>
      track(
        (async () => {
          const reply = answerRecon({
            sellerId: node.seller.id,
            bapId: context.bap_id,
            recon: message,
            orderOf: (orderId) => state.order(orderId),
            issuesOf: (orderId) => [...state.issues()].filter((i) => i.orderId === orderId && i.sellerId === node.seller.id),
            atMs: clock.now().getTime(),
          });
          const body =
            'message' in reply
              ? { context: onReconContext(context), message: reply.message }
              : {
                  context: onReconContext(context),
                  error: { type: 'DOMAIN-ERROR', code: '30018', message: `Order ${reply.unknownOrder} is not an order of ours with ${context.bap_id}` },
                };
          const result = await node.client.post(context.bap_uri, 'on_recon', body);
          if (!result.ok) console.warn(`${node.seller.id}: on_recon to ${context.bap_uri} not delivered (${result.error.kind})`);
          else if (result.response.message.ack.status === 'NACK')
            console.warn(`${node.seller.id}: on_recon NACKed: ${result.response.error?.code ?? ''} ${result.response.error?.message ?? ''}`);
        })(),
      ),
    );
    sendJson(res, 200, ack(answered));
  }

  /**
   * A collector's settle or report to the settlement agency: ACK, then, the payouts written to the
   * state first, the on_settle (or on_report) with what was paid and its bank references; a
   * report of a settle the agency never carried out is answered with an error.
   */
  function acceptSettlement(res: ServerResponse, action: 'settle' | 'report', signer: string, json: unknown, answered: Record<string, unknown> | undefined) {
    const parsed = action === 'settle' ? settleEnvelopeSchema.safeParse(json) : reportEnvelopeSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(
        res,
        400,
        { type: 'JSON-SCHEMA-ERROR', code: '70002', path: issue?.path.join('.') ?? '', message: issue?.message ?? `Invalid ${action}` },
        answered,
      );
    }
    const { context } = parsed.data;
    if (signer !== context.bap_id)
      return refuse(res, 401, { type: 'CONTEXT-ERROR', code: '70000', message: 'Invalid Signature (not signed by context.bap_id)' }, answered);
    if (context.bpp_id !== EMBEDDED_AGENCY_ID)
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '70003', message: `context.bpp_id is not ${EMBEDDED_AGENCY_ID}` }, answered);
    if (Date.now() > Date.parse(context.timestamp) + ttlToMs(context.ttl))
      return refuse(res, 400, { type: 'CONTEXT-ERROR', code: '30022', message: 'Stale Request' }, answered);
    if (stopping) return refuse(res, 503, { type: 'CORE-ERROR', code: '31001', message: 'The seller network is stopping' }, answered);
    let answer: ReturnType<typeof carryOutSettle>;
    if ('ref_message_id' in parsed.data.message) {
      answer = reportOn(state, context.bap_id, parsed.data.message);
    } else {
      if (parsed.data.message.collector_app_id !== context.bap_id)
        return refuse(res, 400, { type: 'DOMAIN-ERROR', code: '70003', message: 'collector_app_id is not the signer' }, answered);
      answer = carryOutSettle({
        ledger: state,
        collectorId: context.bap_id,
        receivers: new Set(nodes.keys()),
        transactionId: context.transaction_id,
        messageId: context.message_id,
        message: parsed.data.message,
        now: new Date(),
      });
      if (!answer)
        return refuse(
          res,
          400,
          { type: 'DOMAIN-ERROR', code: '70008', message: `${parsed.data.message.receiver_app_id} is not a seller app of this network` },
          answered,
        );
    }
    const settled = answer;
    res.once('finish', () =>
      track(
        (async () => {
          // Paid before anyone hears of it: a crash after this never pays the order again.
          await state.flush();
          const onAction = action === 'settle' ? 'on_settle' : 'on_report';
          const body = settled
            ? { context: answerContext(context, onAction), message: settled }
            : {
                context: answerContext(context, onAction),
                error: { type: 'DOMAIN-ERROR', code: '70021', message: `No settle from ${context.bap_id} with those ids` },
              };
          const result = await agency.client.post(context.bap_uri, onAction, body);
          if (!result.ok) console.warn(`settlement agency: ${onAction} to ${context.bap_uri} not delivered (${result.error.kind})`);
          else if (result.response.message.ack.status === 'NACK')
            console.warn(`settlement agency: ${onAction} NACKed: ${result.response.error?.code ?? ''} ${result.response.error?.message ?? ''}`);
        })(),
      ),
    );
    sendJson(res, 200, ack(answered));
  }

  /** The registry's two POSTs: subscribe (open, as ONDC's is), and lookup (signed by a subscriber, as /v2.0/lookup is). */
  async function registryRequest(req: IncomingMessage, res: ServerResponse, pathname: string) {
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(res, 413, { type: 'JSON-SCHEMA-ERROR', code: '151', message: 'The body is over 1 MiB' });
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return refuse(res, 400, { type: 'JSON-SCHEMA-ERROR', code: '151', message: 'The body is not JSON' });
    }
    if (pathname === '/registry/subscribe') {
      const reply = await onboardingRegistry.subscribe(json);
      return sendJson(res, reply.status, reply.body);
    }
    const verified = await verifyRequest({
      body: raw,
      header: req.headers.authorization,
      lookupPublicKey: (subscriberId, ukId) => registry.lookupPublicKey(subscriberId, ukId),
    });
    if (!verified.ok) return refuse(res, 401, { type: 'POLICY-ERROR', code: '1020', message: `The lookup is not signed by a subscriber (${verified.reason})` });
    const query = lookupRequestSchema.safeParse(json);
    if (!query.success) return refuse(res, 400, { type: 'JSON-SCHEMA-ERROR', code: '151', message: query.error.issues[0]?.message ?? 'Invalid lookup' });
    return sendJson(res, 200, onboardingRegistry.lookup(query.data));
  }

  function serveGet(req: IncomingMessage, res: ServerResponse, pathname: string) {
    // What ONDC publishes in its docs for each registry: the key its subscribe challenge is encrypted with.
    if (pathname === '/registry/encryption-public-key') return sendJson(res, 200, { encryption_public_key: onboardingRegistry.encryptionPublicKey });
    // pid and dataDir let a restarting storefront recognise a stale network of its own.
    if (pathname === '/healthz') return sendJson(res, 200, { status: 'ok', ...counts, pid: process.pid, dataDir: options.dataDir });
    // What the settlement agency has paid, for the operator and the tests (a receiver's statement).
    if (pathname === '/sa/payouts') return sendJson(res, 200, { payouts: [...state.payouts()] });
    const image = IMAGE_PATH.exec(pathname);
    if (image) {
      const key = image[2] ?? '';
      const svg = image[1] === 'item' ? drawItemSvg(key) : drawProviderSvg(key);
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': IMAGE_CACHE, 'X-Content-Type-Options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : svg);
      return;
    }
    const invoice = INVOICE_PATH.exec(pathname);
    const html = invoice ? sellerDesk.invoicePage(decodeURIComponent(invoice[1] ?? ''), decodeURIComponent(invoice[2] ?? '')) : null;
    if (html) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    const tracking = TRACK_PATH.exec(pathname);
    const page = tracking ? sellerDesk.trackingPage(decodeURIComponent(tracking[1] ?? ''), decodeURIComponent(tracking[2] ?? '')) : null;
    if (page) return sendJson(res, 200, page);
    sendJson(res, 404, { error: { message: `Nothing at ${pathname}` } });
  }

  /** Signs and POSTs the on_<action> of `request` to the buyer app that sent it. */
  async function send(node: SellerNode, request: Context, answer: Answer, page?: { at: Date }) {
    const context = callbackContext(request, { bppId: node.seller.id, bppUri: node.bppUri, coreVersion, ...(page ? { now: page.at } : {}) });
    const fitted = fitToAction(request, context, inCoreVersion(coreVersion, context.action, answer.message));
    const body = { context: fitted.context, message: fitted.message, ...(answer.error ? { error: answer.error } : {}) };
    const result = await node.client.post(request.bap_uri, context.action, body);
    if (page) return result;
    if (!result.ok) console.warn(`${node.seller.id}: ${context.action} to ${request.bap_uri} not delivered (${result.error.kind})`);
    else if (result.response.message.ack.status === 'NACK') {
      console.warn(
        `${node.seller.id}: ${context.action} NACKed by ${request.bap_id}: ${result.response.error?.code ?? ''} ${result.response.error?.message ?? ''}`,
      );
    }
    return result;
  }

  /**
   * An on_search page is sent until the buyer app takes it, as a seller would: one it could not
   * take (down, restarting, or its inbox full) comes again after a pause, and the seller's next
   * page waits for it, so a busy buyer app paces the sellers instead of losing pages. Every try is
   * the same message, to the byte: one the buyer app kept before it failed to answer is known again.
   */
  async function sendPage(node: SellerNode, request: Context, answer: Answer) {
    const at = new Date();
    for (let attempt = 1; !stopping; attempt++) {
      // Each try is not worth a log line (a busy buyer app NACKs hundreds); a refusal or giving up is.
      const result = await send(node, request, answer, { at });
      const outcome = pageOutcome(result);
      if (outcome === 'taken') return;
      if (outcome === 'refused' && result.ok) {
        return console.warn(
          `${node.seller.id}: on_search page NACKed by ${request.bap_id}: ${result.response.error?.code ?? ''} ${result.response.error?.message ?? ''}`,
        );
      }
      const delay = pageRetryDelay(attempt, Date.now() - at.getTime());
      if (delay === null) return console.warn(`${node.seller.id}: on_search page given up after ${attempt} attempts`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  // Transactions with an answer on its way: their unsolicited callbacks wait for it, so a buyer app
  // hears of an order (on_confirm) before it hears of changes to it.
  const answering = new Map<string, number>();

  async function answerRequest<A extends OrderAction>(action: A, node: SellerNode, request: RequestOf<A>) {
    const transactionId = request.context.transaction_id;
    answering.set(transactionId, (answering.get(transactionId) ?? 0) + 1);
    try {
      let reply: Answer;
      try {
        reply = answerOrderRequest(sellerDesk, action, node.seller.id, request);
      } catch (error) {
        console.error(`${node.seller.id} could not answer ${action}`, error);
        reply = { message: {}, error: sellerError('31001', 'Internal Error') };
      }
      await send(node, request.context, reply);
    } finally {
      const left = (answering.get(transactionId) ?? 1) - 1;
      if (left > 0) answering.set(transactionId, left);
      else answering.delete(transactionId);
    }
  }

  // A full catalogue is hundreds of pages built and signed at once; what they took goes back to
  // the system once the searches are answered (issue 14: memory).
  const fullSearches = releaseAfterBursts(1_000);

  /**
   * Sends the catalogue changes made in (fromMs, toMs]; a push with nothing in it is not sent
   * (ondc-notes §1). Returns how many pages went out.
   */
  async function sendChanges(node: SellerNode, request: Context, fromMs: number, toMs: number, messageFor: () => Context = () => request): Promise<number> {
    const options = { bppId: node.seller.id, bppUri: node.bppUri, bppName: node.seller.name, photoStage: sellerDesk.photoStage, coreVersion };
    let sent = 0;
    for (const page of sellerDesk.changedPages(node.seller.id, request, fromMs, toMs)) {
      if (stopping) return sent;
      await sendPage(node, messageFor(), { message: { catalog: buildIncrementalCatalog(page.provider, { ...options, itemsOf: () => page.items }) } });
      sent++;
    }
    return sent;
  }

  /**
   * A buyer app asked for pushes: the changes since its start_time are the search's answer, and
   * each later change goes out within a minute of the network's clock, in the search's transaction
   * with a message id of its own (ONDC's incremental refresh rules). "stop" ends the pushes.
   */
  async function answerPushSearch(node: SellerNode, context: Context, intent: unknown, mode: 'start' | 'stop') {
    if (mode === 'stop') {
      state.endPushSubscription({ sellerId: node.seller.id, search: context });
      return;
    }
    const nowMs = Date.now();
    const fromMs = catalogIncWindow(intent)?.from ?? Date.parse(context.timestamp);
    state.savePushSubscription({ sellerId: node.seller.id, search: context, fromMs: nowMs, pushedAtNetworkMs: clock.now().getTime() });
    await sendChanges(node, context, Math.min(fromMs, nowMs), nowMs);
  }

  let pushing = false;
  async function pushCatalogueChanges() {
    if (pushing || stopping) return;
    pushing = true;
    try {
      // Kept in the state file: a network restarted after a crash pushes on, what it had not yet pushed included.
      for (const subscription of [...state.pushSubscriptions()]) {
        const node = nodes.get(subscription.sellerId);
        const networkNow = clock.now().getTime();
        if (!node || networkNow - subscription.pushedAtNetworkMs < PUSH_EVERY_NETWORK_MS) continue;
        const toMs = Date.now();
        const { search } = subscription;
        const pushed = () =>
          buildContext({
            action: 'search',
            domain: search.domain,
            city: search.city,
            transactionId: search.transaction_id,
            bapId: search.bap_id,
            bapUri: search.bap_uri,
            bppId: node.seller.id,
            bppUri: node.bppUri,
          });
        const sent = await sendChanges(node, search, subscription.fromMs, toMs, pushed);
        if (stopping) return;
        // A window with nothing in it need not be written down: pushed again after a crash, it is still empty.
        state.notePushed(subscription, { fromMs: toMs, pushedAtNetworkMs: networkNow }, sent > 0);
      }
    } finally {
      pushing = false;
    }
  }

  /** Each seller with providers in the city and domain answers; pages of one seller go in turn. */
  async function answerSearch(only: SellerNode | null, { context, message }: RequestOf<'search'>) {
    const chosen = only ? [only] : [...nodes.values()].filter((n) => context.bpp_id === undefined || n.seller.id === context.bpp_id);
    const mode = catalogIncMode(message.intent);
    await Promise.all(
      chosen.map(async (node) => {
        if (mode) return answerPushSearch(node, context, message.intent, mode);
        const options = { bppId: node.seller.id, bppUri: node.bppUri, bppName: node.seller.name, photoStage: sellerDesk.photoStage, coreVersion };
        const window = catalogIncWindow(message.intent);
        // Only what changed, and nothing at all when nothing did (ondc-notes §1 catalog_inc).
        if (window) return sendChanges(node, context, window.from, window.to);
        fullSearches.begin();
        try {
          for (const page of sellerDesk.searchPages(node.seller.id, context, message.intent)) {
            if (stopping) return;
            const catalog = buildOnSearchCatalog(page.provider, { ...options, itemsOf: () => page.items });
            await sendPage(node, context, { message: { catalog } });
          }
        } finally {
          fullSearches.end();
        }
      }),
    );
  }

  /** Unsolicited on_status / on_update for changes made by the clock, in order per order. */
  let ticking = false;
  async function pushDueNotices() {
    if (ticking || stopping) return;
    ticking = true;
    try {
      const byOrder = new Map<string, DueNotice[]>();
      for (const due of sellerDesk.dueNotices()) {
        if (answering.has(due.order.transactionId)) continue;
        const list = byOrder.get(due.order.id);
        if (list) list.push(due);
        else byOrder.set(due.order.id, [due]);
      }
      await Promise.all(
        [...byOrder.values()].map(async (notices) => {
          for (const due of notices) {
            const node = nodes.get(due.order.sellerId);
            if (!node || stopping) return;
            const { action, message } = sellerDesk.noticeMessage(due);
            const request = buildContext({
              action,
              domain: due.order.domain,
              city: due.order.city,
              transactionId: due.order.transactionId,
              bapId: due.order.bapId,
              bapUri: due.order.bapUri,
              bppId: node.seller.id,
              bppUri: node.bppUri,
            });
            await send(node, request, { message });
            // Told or not, the change is not pushed twice: the buyer app can still ask for status.
            sellerDesk.markNotified(due);
          }
        }),
      );
    } finally {
      ticking = false;
    }
  }
  /** The complaint desks' steps that are due, each told the buyer app in an unsolicited on_issue. */
  let deskTicking = false;
  async function pushIssueSteps() {
    if (deskTicking || stopping) return;
    deskTicking = true;
    try {
      for (const record of [...state.issues()]) {
        const order = state.order(record.orderId);
        const node = nodes.get(record.sellerId);
        if (!order || !node || stopping) continue;
        if (!deskAtWork(sellerDesk.provider(order.providerId), clock.now())) continue;
        const step = dueStep(record, order, clock.now(), new Date());
        if (!step) continue;
        const next: IssueRecord = { ...record, issue: step.issue, sellerAt: clock.now().toISOString() };
        state.saveIssue(next);
        await sendIssue(
          node,
          order,
          step.issue,
          step.issue.resolutions !== undefined && step.issue.resolutions.length !== (record.issue as IgmIssue).resolutions?.length,
        );
        if (step.cancel) await cancelForIssue(node, order.id);
      }
    } finally {
      deskTicking = false;
    }
  }

  /** An on_issue whose context is stamped with the issue's own time, as ONDC's validator reads it. */
  async function sendIssue(
    node: SellerNode,
    order: { domain: Context['domain']; city: string; transactionId: string; bapId: string; bapUri: string },
    issue: IgmIssue,
    withResolutions: boolean,
  ) {
    const at = Date.parse(issue.updated_at);
    const request = buildContext({
      action: 'issue',
      domain: order.domain,
      city: order.city,
      transactionId: order.transactionId,
      bapId: order.bapId,
      bapUri: order.bapUri,
      bppId: node.seller.id,
      bppUri: node.bppUri,
      now: new Date(at - 1),
    });
    const context = callbackContext(request, { now: new Date(at) });
    const result = await node.client.post(order.bapUri, 'on_issue', { context, message: { update_target: appendedTargets(withResolutions), issue } });
    if (!result.ok) console.warn(`${node.seller.id}: on_issue to ${order.bapUri} not delivered (${result.error.kind})`);
    else if (result.response.message.ack.status === 'NACK')
      console.warn(`${node.seller.id}: on_issue NACKed: ${result.response.error?.code ?? ''} ${result.response.error?.message ?? ''}`);
  }

  /** A CANCEL resolution: the store cancels the order itself (before pickup 005, after it an RTO 013). */
  async function cancelForIssue(node: SellerNode, orderId: string) {
    let done = sellerDesk.sellerCancel(node.seller.id, orderId, '005');
    if ('error' in done && done.error.code === '30012') done = sellerDesk.sellerCancel(node.seller.id, orderId, '013');
    if ('error' in done) return console.warn(`${node.seller.id}: could not cancel ${orderId} for a complaint: ${done.error.message ?? done.error.code}`);
    const { order } = done;
    const context = buildContext({
      action: 'cancel',
      domain: order.domain,
      city: order.city,
      transactionId: order.transactionId,
      bapId: order.bapId,
      bapUri: order.bapUri,
      bppId: node.seller.id,
      bppUri: node.bppUri,
    });
    await send(node, context, { message: done.message });
  }

  const ticker = setInterval(() => {
    track(pushDueNotices());
    track(pushIssueSteps());
    track(pushCatalogueChanges());
  }, options.tickMs ?? DEFAULT_TICK_MS);
  ticker.unref();

  return {
    url,
    port,
    counts,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(ticker);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inflight]), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS)))]);
      clearTimeout(timer);
      await state.flush();
    },
  };
}
