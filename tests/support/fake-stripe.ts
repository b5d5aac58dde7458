/**
 * A fake api.stripe.com behind the real SDK (`Stripe.createFetchHttpClient`): this machine has no internet,
 * and Stripe's test mode isn't reachable from tests. It keeps Products, Prices, Customers, Subscriptions,
 * Invoices and their PaymentIntents in memory, answers the calls the server makes the way Stripe's API
 * (version 2026-10-28) does — periods on subscription items, an invoice's subscription under
 * `parent.subscription_details`, the first invoice's `confirmation_secret` — and records every request.
 * Tests move the lifecycle with its controls (the browser confirming the card, a renewal that fails, …)
 * and send the matching events, signed by the SDK's own helper (docs/decisions/045-plans-and-billing.md).
 */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";

export const STRIPE_WEBHOOK_SECRET = "whsec_test_guarita";

type Obj = Record<string, any>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
}

const DAY = 24 * 60 * 60;
const MONTH = 30 * DAY;
const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomUUID().replaceAll("-", "").slice(0, 20)}`;

/** "items[0][price]=p" → {items: [{price: "p"}]} (Stripe's form encoding, as the SDK sends it). */
export function parseStripeForm(params: URLSearchParams): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of params) {
    const keys = rawKey.replace(/\]/g, "").split("[");
    let cur: Obj = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        cur[key] = value;
        return;
      }
      cur[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      cur = cur[key];
    });
  }
  return out;
}

const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });

function mergeMetadata(current: Obj, update: Obj | string | undefined): Obj {
  if (update === undefined) return current;
  if (update === "") return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}

export interface FakeStripeOptions {
  /** Answer every call with a 500 (Stripe down). */
  down?: () => boolean;
}

export function createFakeStripe(options: FakeStripeOptions = {}) {
  const requests: FakeStripeRequest[] = [];
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  /** invoice id → its payments, oldest first. */
  const invoicePayments = new Map<string, Obj[]>();
  const idempotent = new Map<string, unknown>();
  const state = { declineNext: false };

  function error(status: number, message: string, code = "resource_missing") {
    return { status, body: { error: { type: "invalid_request_error", code, message } } };
  }

  function priceOf(id: string): Obj {
    const price = prices.get(id);
    if (!price)
      throw Object.assign(new Error(`No such price: '${id}'`), { fake: error(400, `No such price: '${id}'`) });
    return price;
  }

  function line(sub: Obj, price: Obj, amount: number, start: number, end: number, proration: boolean): Obj {
    return {
      id: newId("il"),
      object: "line_item",
      amount,
      currency: "brl",
      description: proration ? `Remaining time on ${price.nickname}` : `1 × ${price.nickname}`,
      period: { start, end },
      pricing: {
        type: "price_details",
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      parent: {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: null,
          subscription: sub.id,
          subscription_item: sub.items.data[0].id,
        },
      },
      metadata: {},
      quantity: 1,
      subscription: sub.id,
    };
  }

  function newInvoice(sub: Obj, billingReason: string, lines: Obj[]): Obj {
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const id = newId("in");
    const intent = {
      id: newId("pi"),
      object: "payment_intent",
      amount: total,
      currency: "brl",
      status: "requires_payment_method",
      last_payment_error: null,
      created: nowS(),
      client_secret: "",
    };
    intent.client_secret = `${intent.id}_secret_${randomUUID().slice(0, 8)}`;
    intents.set(intent.id, intent);
    invoicePayments.set(id, [
      {
        id: newId("inpay"),
        object: "invoice_payment",
        invoice: id,
        is_default: true,
        amount_requested: total,
        amount_paid: null,
        currency: "brl",
        created: nowS(),
        livemode: false,
        status: "open",
        payment: { type: "payment_intent", payment_intent: intent.id },
        status_transitions: { canceled_at: null, paid_at: null },
      },
    ]);
    const invoice = {
      id,
      object: "invoice",
      customer: sub.customer,
      status: "open",
      billing_reason: billingReason,
      currency: "brl",
      total,
      subtotal: total,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempted: false,
      attempt_count: 0,
      created: nowS(),
      period_start: nowS(),
      period_end: nowS(),
      status_transitions: { finalized_at: nowS(), paid_at: null, voided_at: null, marked_uncollectible_at: null },
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: list(lines, `/v1/invoices/${id}/lines`),
      confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" },
      livemode: false,
      metadata: {},
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  function intentOf(invoiceId: string): Obj {
    const payments = invoicePayments.get(invoiceId)!;
    return intents.get(payments.at(-1)!.payment.payment_intent)!;
  }

  function markPaid(invoice: Obj) {
    invoice.status = "paid";
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = nowS();
    intentOf(invoice.id).status = "succeeded";
    intentOf(invoice.id).last_payment_error = null;
  }

  function markFailed(invoice: Obj, declineCode: string) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    const intent = intentOf(invoice.id);
    intent.status = "requires_payment_method";
    intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: declineCode };
  }

  function renderSubscription(sub: Obj, expand: string[]): Obj {
    const out = structuredClone(sub);
    if (expand.includes("default_payment_method") && out.default_payment_method) {
      out.default_payment_method = paymentMethods.get(out.default_payment_method);
    }
    if (expand.some((e) => e.startsWith("latest_invoice")) && out.latest_invoice) {
      const invoice = structuredClone(invoices.get(out.latest_invoice)!);
      if (!expand.includes("latest_invoice.confirmation_secret")) delete invoice.confirmation_secret;
      out.latest_invoice = invoice;
    }
    return out;
  }

  function renderInvoice(invoice: Obj): Obj {
    const out = structuredClone(invoice);
    delete out.confirmation_secret;
    return out;
  }

  function createSubscription(p: Obj): Obj {
    const customer = customers.get(p.customer);
    if (!customer) throw Object.assign(new Error("no customer"), { fake: error(400, "No such customer") });
    const price = priceOf(p.items[0].price);
    const start = nowS();
    const sub: Obj = {
      id: newId("sub"),
      object: "subscription",
      customer: customer.id,
      status: "incomplete",
      currency: "brl",
      created: start,
      metadata: mergeMetadata({}, p.metadata),
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      default_payment_method: p.default_payment_method ?? null,
      latest_invoice: null,
      pending_update: null,
      payment_settings: p.payment_settings ?? null,
      items: list([], "/v1/subscription_items"),
    };
    sub.items.data.push({
      id: newId("si"),
      object: "subscription_item",
      price,
      quantity: 1,
      subscription: sub.id,
      current_period_start: start,
      current_period_end: start + MONTH,
      metadata: {},
      created: start,
    });
    subscriptions.set(sub.id, sub);
    const invoice = newInvoice(sub, "subscription_create", [
      line(sub, price, price.unit_amount, start, start + MONTH, false),
    ]);
    if (p.payment_behavior === "allow_incomplete" && sub.default_payment_method) {
      markPaid(invoice);
      sub.status = "active";
    }
    return sub;
  }

  function updateSubscription(sub: Obj, p: Obj): Obj {
    sub.metadata = mergeMetadata(sub.metadata, p.metadata);
    if (p.cancel_at !== undefined) sub.cancel_at = p.cancel_at === "" ? null : Number(p.cancel_at);
    if (p.items) {
      const item = sub.items.data[0];
      const old = item.price;
      const next = priceOf(p.items[0].price);
      item.price = next;
      if (p.proration_behavior === "always_invoice" && next.id !== old.id) {
        const now = nowS();
        const left = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
        const credit = line(sub, old, -Math.round(old.unit_amount * left), now, item.current_period_end, true);
        credit.description = `Unused time on ${old.nickname}`;
        const charge = line(sub, next, Math.round(next.unit_amount * left), now, item.current_period_end, true);
        const invoice = newInvoice(sub, "subscription_update", [credit, charge]);
        if (sub.default_payment_method && !state.declineNext) markPaid(invoice);
        else {
          markFailed(invoice, "card_declined");
          if (p.payment_behavior === "pending_if_incomplete") {
            // Stripe keeps the old Price and holds the change until the invoice is paid.
            item.price = old;
            sub.pending_update = { expires_at: now + DAY, subscription_items: [{ price: next.id }] };
          }
        }
        state.declineNext = false;
      }
    }
    return sub;
  }

  async function route(method: string, path: string, p: Obj): Promise<{ status: number; body: unknown }> {
    const parts = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [resource, id] = parts;
    const expand: string[] = p.expand ?? [];
    const ok = (body: unknown) => ({ status: 200, body });

    if (resource === "products") {
      if (method === "GET") return products.has(id!) ? ok(products.get(id!)) : error(404, `No such product: '${id}'`);
      if (method === "POST" && !id) {
        const product = {
          id: p.id ?? newId("prod"),
          object: "product",
          active: true,
          name: p.name,
          metadata: p.metadata ?? {},
        };
        products.set(product.id, product);
        return ok(product);
      }
    }
    if (resource === "prices") {
      if (method === "GET" && !id) {
        const keys: string[] = p.lookup_keys ?? [];
        const found = [...prices.values()].filter(
          (price) => (!keys.length || keys.includes(price.lookup_key)) && (p.active !== "true" || price.active),
        );
        return ok(list(found, "/v1/prices"));
      }
      if (method === "POST" && !id) {
        if (!products.has(p.product)) return error(400, `No such product: '${p.product}'`);
        if (p.transfer_lookup_key === "true") {
          for (const other of prices.values()) if (other.lookup_key === p.lookup_key) other.lookup_key = null;
        }
        const price = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: p.currency,
          unit_amount: Number(p.unit_amount),
          lookup_key: p.lookup_key ?? null,
          nickname: p.nickname ?? null,
          product: p.product,
          type: "recurring",
          recurring: { interval: p.recurring.interval, interval_count: Number(p.recurring.interval_count ?? 1) },
          metadata: p.metadata ?? {},
        };
        prices.set(price.id, price);
        return ok(price);
      }
    }
    if (resource === "customers") {
      if (method === "POST" && !id) {
        const customer = {
          id: newId("cus"),
          object: "customer",
          email: p.email,
          name: p.name,
          address: p.address ?? null,
          metadata: p.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return ok(customer);
      }
      if (method === "GET" && id) return customers.has(id) ? ok(customers.get(id)) : error(404, "No such customer");
    }
    if (resource === "subscriptions") {
      if (method === "POST" && !id) return ok(renderSubscription(createSubscription(p), expand));
      const sub = id ? subscriptions.get(id) : undefined;
      if (!sub) return error(404, `No such subscription: '${id}'`);
      if (method === "GET") return ok(renderSubscription(sub, expand));
      if (method === "POST") return ok(renderSubscription(updateSubscription(sub, p), expand));
      if (method === "DELETE") {
        sub.status = sub.status === "incomplete" ? "incomplete_expired" : "canceled";
        sub.ended_at = nowS();
        return ok(renderSubscription(sub, expand));
      }
    }
    if (resource === "invoices" && method === "GET" && id) {
      return invoices.has(id) ? ok(renderInvoice(invoices.get(id)!)) : error(404, `No such invoice: '${id}'`);
    }
    if (resource === "invoice_payments" && method === "GET") {
      const payments = structuredClone(invoicePayments.get(p.invoice) ?? []);
      if (expand.includes("data.payment.payment_intent")) {
        for (const payment of payments) payment.payment.payment_intent = intents.get(payment.payment.payment_intent);
      }
      return ok(list(payments.reverse(), "/v1/invoice_payments"));
    }
    if (resource === "billing_portal" && id === "sessions" && method === "POST") {
      return ok({
        id: newId("bps"),
        object: "billing_portal.session",
        customer: p.customer,
        return_url: p.return_url,
        locale: p.locale ?? null,
        url: `https://billing.stripe.com/p/session/${newId("portal")}`,
      });
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`, "unknown_route");
  }

  const fetchFn = async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url));
    const method = init?.method ?? "GET";
    const form =
      method === "GET" ? u.searchParams : new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    const params = parseStripeForm(form);
    const idempotencyKey = new Headers(init?.headers as HeadersInit).get("idempotency-key");
    requests.push({ method, path: u.pathname, params, idempotencyKey });
    let answer: { status: number; body: unknown };
    if (options.down?.()) {
      answer = { status: 500, body: { error: { type: "api_error", message: "fake Stripe is down" } } };
    } else if (method === "POST" && idempotencyKey && idempotent.has(idempotencyKey)) {
      answer = { status: 200, body: idempotent.get(idempotencyKey) };
    } else {
      try {
        answer = await route(method, u.pathname, params);
      } catch (e) {
        answer = (e as { fake?: { status: number; body: unknown } }).fake ?? { status: 500, body: { error: {} } };
      }
      if (method === "POST" && idempotencyKey && answer.status === 200) idempotent.set(idempotencyKey, answer.body);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json", "request-id": `req_${randomUUID().slice(0, 8)}` },
    });
  };

  function sub(id: string): Obj {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`fake Stripe: no subscription ${id}`);
    return found;
  }

  function rollPeriod(s: Obj) {
    const item = s.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + MONTH;
  }

  let eventSeq = 0;

  return {
    requests,
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    priceByLookupKey: (key: string) => [...prices.values()].find((p) => p.lookup_key === key),
    subscription: (id: string) => renderSubscription(sub(id), []),
    invoice: (id: string) => renderInvoice(invoices.get(id)!),
    customer: (id: string) => customers.get(id),

    /** What Stripe.js does in the browser: pays the first invoice with a card (or the card is declined). */
    confirmCard(subscriptionId: string, opts: { declineCode?: string } = {}) {
      const s = sub(subscriptionId);
      const invoice = invoices.get(s.latest_invoice)!;
      if (opts.declineCode) {
        markFailed(invoice, opts.declineCode);
        return;
      }
      const pm = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2039 },
        customer: s.customer,
      };
      paymentMethods.set(pm.id, pm);
      s.default_payment_method = pm.id;
      customers.get(s.customer)!.invoice_settings.default_payment_method = pm.id;
      markPaid(invoice);
      s.status = "active";
    },

    /** The period ends and the renewal's charge is declined: a new open invoice, the subscription past due. */
    renewalDeclined(subscriptionId: string, declineCode = "insufficient_funds") {
      const s = sub(subscriptionId);
      rollPeriod(s);
      const item = s.items.data[0];
      const invoice = newInvoice(s, "subscription_cycle", [
        line(s, item.price, item.price.unit_amount, item.current_period_start, item.current_period_end, false),
      ]);
      markFailed(invoice, declineCode);
      s.status = "past_due";
      return invoice.id as string;
    },

    /** The period ends and the renewal is paid. */
    renewalPaid(subscriptionId: string) {
      const s = sub(subscriptionId);
      rollPeriod(s);
      const item = s.items.data[0];
      const invoice = newInvoice(s, "subscription_cycle", [
        line(s, item.price, item.price.unit_amount, item.current_period_start, item.current_period_end, false),
      ]);
      markPaid(invoice);
      s.status = "active";
      return invoice.id as string;
    },

    /** A retry (or the customer on the portal) pays an open invoice. */
    payInvoice(invoiceId: string) {
      const invoice = invoices.get(invoiceId)!;
      markPaid(invoice);
      const s = sub(invoice.parent.subscription_details.subscription);
      if (s.latest_invoice === invoiceId) s.status = "active";
    },

    /** A change made in the Stripe Dashboard, or a metadata edit: the Price and/or metadata. */
    setSubscription(subscriptionId: string, change: { lookupKey?: string; metadata?: Obj }) {
      const s = sub(subscriptionId);
      if (change.lookupKey) {
        const price = [...prices.values()].find((p) => p.lookup_key === change.lookupKey);
        if (!price) throw new Error(`fake Stripe: no price ${change.lookupKey}`);
        s.items.data[0].price = price;
      }
      if (change.metadata) s.metadata = mergeMetadata(s.metadata, change.metadata);
    },

    rollPeriod: (subscriptionId: string) => rollPeriod(sub(subscriptionId)),

    /** The next charge of a plan change is declined. */
    declineNextCharge() {
      state.declineNext = true;
    },

    /** The subscription ended (cancel_at reached, or cancelled in the Dashboard). */
    end(subscriptionId: string) {
      const s = sub(subscriptionId);
      s.status = "canceled";
      s.ended_at = nowS();
      s.canceled_at = nowS();
    },

    /** A signed delivery of an event about the object as it is now (or `object` as given). */
    event(type: string, object: Obj, opts: { id?: string; secret?: string } = {}) {
      eventSeq += 1;
      const payload = JSON.stringify({
        id: opts.id ?? `evt_test_${eventSeq}_${randomUUID().slice(0, 8)}`,
        object: "event",
        api_version: "2026-10-28.endive",
        created: nowS(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_WEBHOOK_SECRET,
      });
      return { body: payload, headers: { "stripe-signature": signature } };
    },
  };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;
