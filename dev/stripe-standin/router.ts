/**
 * The `/v1` route table and what every resource's routes share: lookups that answer Stripe's
 * "No such …" errors, cursor pagination, and `expand[]`.
 */
import { list, type Json } from "./objects";
import { invalid, missing, Reader, StripeError, type Params } from "./params";
import type { Standin } from "./standin";
import type { CustomerRecord, PriceRecord } from "./store";

export interface Answer {
  status: number;
  body: unknown;
}

export interface RouteContext {
  params: Reader;
  path: string[];
}

type Handler = (ctx: RouteContext) => Answer | Json;

export class Api {
  private readonly routes: [string, RegExp, Handler][] = [];

  constructor(readonly s: Standin) {}

  route(method: string, pattern: string, handler: Handler): void {
    this.routes.push([method, new RegExp(`^${pattern.replace(/:[a-z]+/g, "([^/]+)")}$`), handler]);
  }

  /** Runs the route for `method pathname`; Stripe's errors are thrown as StripeError. */
  dispatch(method: string, pathname: string, form: Params): Answer {
    const match = this.routes.map(([m, re, h]) => ({ m, h, groups: re.exec(pathname) })).find((r) => r.m === method && r.groups);
    if (!match) {
      const known = this.routes.some(([, re]) => re.test(pathname));
      throw known
        ? invalid(`Unrecognized request URL (${method}: ${pathname}).`, undefined, "parameter_invalid")
        : new StripeError(
            404,
            "invalid_request_error",
            `Unrecognized request URL (${method}: ${pathname}). The local Stripe stand-in does not offer it.`,
          );
    }
    const params = new Reader(form);
    const result = match.h({ params, path: match.groups!.slice(1).map(decodeURIComponent) });
    const body = "status" in result && "body" in result ? (result as Answer) : { status: 200, body: result };
    const answer = { status: body.status, body: this.expand(body.body, params.expand()) };
    // Routes check their parameters before changing anything; reads are checked here.
    if (method === "GET") params.rejectUnknown();
    return answer;
  }

  get<T>(map: Map<string, T>, id: string | undefined, what: string, param = "id"): T {
    const found = id === undefined ? undefined : map.get(id);
    if (!found) throw missing(what, id ?? "", param);
    return found;
  }

  /** Replaces ids by objects along each `expand[]` path (`data.` reaches into lists), as Stripe does. */
  private expand(value: unknown, paths: string[]): unknown {
    for (const path of paths) this.expandPath(value, path.split("."));
    return value;
  }

  private expandPath(value: unknown, segments: string[]): void {
    if (!value || typeof value !== "object" || segments.length === 0) return;
    const [head, ...rest] = segments as [string, ...string[]];
    const obj = value as Json;
    if (Array.isArray(obj[head])) {
      for (const item of obj[head] as unknown[]) this.expandPath(item, rest);
      return;
    }
    let target = obj[head];
    if (typeof target === "string") {
      const found = head === "payments" ? undefined : this.s.objects.byId(target);
      if (found) obj[head] = target = found;
    }
    this.expandPath(target, rest);
  }

  /** Stripe's cursor pagination over records sorted newest first. */
  page<T extends { id: string; seq: number; created: number }>(params: Reader, url: string, records: T[], render: (r: T) => Json): Json {
    const limit = params.integer("limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit", "parameter_invalid_integer");
    const sorted = [...records].sort((a, b) => b.created - a.created || b.seq - a.seq);
    const after = params.string("starting_after");
    const before = params.string("ending_before");
    let slice: T[];
    let hasMore: boolean;
    if (after) {
      const i = sorted.findIndex((r) => r.id === after);
      if (i < 0) throw missing("object", after, "starting_after");
      slice = sorted.slice(i + 1, i + 1 + limit);
      hasMore = i + 1 + limit < sorted.length;
    } else if (before) {
      const i = sorted.findIndex((r) => r.id === before);
      if (i < 0) throw missing("object", before, "ending_before");
      slice = sorted.slice(Math.max(0, i - limit), i);
      hasMore = i - limit > 0;
    } else {
      slice = sorted.slice(0, limit);
      hasMore = limit < sorted.length;
    }
    return list(url, slice.map(render), hasMore);
  }

  /** A price named in a parameter (400 when unknown, as Stripe answers for parameters). */
  price(id: string, param: string): PriceRecord {
    const p = this.s.store.prices.get(id);
    if (!p) throw new StripeError(400, "invalid_request_error", `No such price: '${id}'`, { code: "resource_missing", param });
    return p;
  }

  customer(id: string, param = "customer"): CustomerRecord {
    const c = this.s.store.customers.get(id);
    if (!c) throw new StripeError(400, "invalid_request_error", `No such customer: '${id}'`, { code: "resource_missing", param });
    return c;
  }

  /** A payment method that must be attached to `customer`. */
  ownPaymentMethod(id: string, customer: string, param: string): string {
    const pm = this.s.store.paymentMethods.get(id);
    if (!pm) throw new StripeError(400, "invalid_request_error", `No such PaymentMethod: '${id}'`, { code: "resource_missing", param });
    if (pm.customer !== customer) {
      throw invalid(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
        "resource_missing",
      );
    }
    return pm.id;
  }
}
