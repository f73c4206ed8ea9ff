/**
 * Products and prices: the seeded catalogue (the personal product with a price for each of
 * domain/plans.ts's PLANS, and the Team product with TEAM_PLAN's monthly per-seat price, bought with a
 * quantity), new prices for a product (a plan has several prices over time: a price change creates one,
 * decision 093) and the `/v1` routes. Amounts, intervals, lookup keys and nicknames come from
 * domain/plans.ts, their one owner.
 */
import { CURRENCY, PLAN_IDS, PLANS, TEAM_PLAN, type PlanType } from "../../domain/plans";
import { invalid, StripeError } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type PriceRecord, type Store } from "./store";

export type SeededPrices = Record<PlanType | typeof TEAM_PLAN.id, string>;

type SeededPrice = Pick<PriceRecord, "unitAmount" | "interval" | "nickname"> & { lookupKey: string };

/** A product with its prices (in the order given) and its default price; returns the prices' ids by lookup key. */
function seedProduct(store: Store, name: string, description: string, prices: SeededPrice[], defaultKey: string): Record<string, string> {
  const now = store.now();
  const product = { id: newId("prod"), seq: store.nextSeq(), created: now, name, description, defaultPrice: null as string | null };
  store.products.set(product.id, product);
  const ids: Record<string, string> = {};
  for (const seeded of prices) {
    const p: PriceRecord = {
      id: newId("price"),
      seq: store.nextSeq(),
      created: now,
      product: product.id,
      currency: CURRENCY.toLowerCase(),
      intervalCount: 1,
      active: true,
      ...seeded,
    };
    store.prices.set(p.id, p);
    ids[seeded.lookupKey] = p.id;
  }
  product.defaultPrice = ids[defaultKey]!;
  return ids;
}

/** One price id per personal plan. */
const perPlan = (id: (plan: PlanType) => string) =>
  Object.fromEntries(PLAN_IDS.map((plan) => [plan, id(plan)])) as Record<PlanType, string>;

export function seedCatalogue({ store }: Standin): SeededPrices {
  const plans = PLANS.map((plan) => ({ lookupKey: plan.id, unitAmount: plan.priceCents, interval: plan.period, nickname: plan.name }));
  const ids = seedProduct(store, "Headshot Studio Pro", "Unlimited AI headshots", plans, PLANS.find((p) => p.popular)!.id);
  return { ...perPlan((plan) => ids[plan]!), team: seedTeamPrice(store) };
}

/** The Team product and its price per seat per month (TEAM_PLAN). */
function seedTeamPrice(store: Store): string {
  const price = {
    lookupKey: TEAM_PLAN.id,
    unitAmount: TEAM_PLAN.pricePerSeatCents,
    interval: TEAM_PLAN.period,
    nickname: `${TEAM_PLAN.name} (per seat)`,
  };
  return seedProduct(store, "Headshot Studio Team", "AI headshots for a team, per seat", [price], TEAM_PLAN.id)[TEAM_PLAN.id]!;
}

/** The seeded prices of a restored store, found by their lookup keys. */
export function savedPrices(store: Store): SeededPrices {
  const byKey = (key: string) => {
    const p = [...store.prices.values()].find((price) => price.lookupKey === key);
    if (!p) throw new Error(`The saved stand-in state has no "${key}" price; delete the state file to start afresh.`);
    return p.id;
  };
  // A state saved before the Team price existed gains it now.
  const team = [...store.prices.values()].find((price) => price.lookupKey === TEAM_PLAN.id)?.id ?? seedTeamPrice(store);
  return { ...perPlan(byKey), team };
}

const INTERVALS = ["day", "week", "month", "year"] as const;

export function catalogueRoutes(api: Api): void {
  const { store, objects } = api.s;
  // POST /v1/prices: a recurring price of an existing product (what the app creates; product_data,
  // tiers and one-time prices are not offered). A lookup_key in use is refused unless transfer_lookup_key.
  api.route("POST", "/v1/prices", ({ params }) => {
    const currency = params.required("currency").toLowerCase();
    const productId = params.required("product");
    const product = store.products.get(productId);
    if (!product)
      throw new StripeError(400, "invalid_request_error", `No such product: '${productId}'`, {
        code: "resource_missing",
        param: "product",
      });
    const unitAmount = params.integer("unit_amount");
    if (unitAmount === undefined) throw invalid("Missing required param: unit_amount.", "unit_amount", "parameter_missing");
    if (unitAmount < 0)
      throw invalid("Invalid unit_amount: must be greater than or equal to 0", "unit_amount", "parameter_invalid_integer");
    const recurring = params.object("recurring");
    if (!recurring)
      throw invalid(
        "The local Stripe stand-in creates recurring prices only: recurring[interval] is required.",
        "recurring",
        "parameter_missing",
      );
    const interval = recurring.oneOf("interval", INTERVALS);
    if (!interval) throw invalid("Missing required param: recurring[interval].", "recurring[interval]", "parameter_missing");
    const intervalCount = recurring.integer("interval_count") ?? 1;
    if (intervalCount < 1)
      throw invalid("Invalid recurring[interval_count]: must be at least 1", "recurring[interval_count]", "parameter_invalid_integer");
    recurring.oneOf("usage_type", ["licensed"]);
    recurring.rejectUnknown("recurring");
    const lookupKey = params.string("lookup_key") ?? null;
    const transfer = params.boolean("transfer_lookup_key") ?? false;
    const nickname = params.string("nickname") ?? null;
    const active = params.boolean("active") ?? true;
    const metadata = params.metadata("metadata") ?? {};
    params.oneOf("tax_behavior", ["unspecified"]);
    params.rejectUnknown();
    const holder = lookupKey === null ? undefined : [...store.prices.values()].find((p) => p.lookupKey === lookupKey);
    if (holder && !transfer) {
      throw invalid(
        `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to move it to this price.`,
        "lookup_key",
        "lookup_key_exists",
      );
    }
    if (holder) holder.lookupKey = null;
    const price: PriceRecord = {
      id: newId("price"),
      seq: store.nextSeq(),
      created: store.now(),
      product: product.id,
      unitAmount,
      currency,
      interval,
      intervalCount,
      lookupKey,
      nickname,
      active,
      metadata,
    };
    store.prices.set(price.id, price);
    api.s.events.emit("price.created", objects.price(price));
    return objects.price(price);
  });
  api.route("GET", "/v1/products/:id", ({ path }) => objects.product(api.get(store.products, path[0], "product")));
  api.route("GET", "/v1/products", ({ params }) =>
    api.page(params, "/v1/products", [...store.products.values()], (p) => objects.product(p)),
  );
  api.route("GET", "/v1/prices/:id", ({ path }) => objects.price(api.get(store.prices, path[0], "price")));
  api.route("GET", "/v1/prices", ({ params }) => {
    const keys = params.strings("lookup_keys");
    const active = params.boolean("active");
    const product = params.string("product");
    const type = params.string("type");
    const currency = params.string("currency");
    const found = [...store.prices.values()].filter(
      (p) =>
        (!keys || (p.lookupKey !== null && keys.includes(p.lookupKey))) &&
        (active === undefined || p.active === active) &&
        (!product || p.product === product) &&
        (!type || type === "recurring") &&
        (!currency || p.currency === currency),
    );
    return api.page(params, "/v1/prices", found, (p) => objects.price(p));
  });
}
