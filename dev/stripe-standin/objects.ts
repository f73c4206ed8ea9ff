/**
 * Builders for the full Stripe objects. Each writes out every field of Stripe's published example
 * (dev/stripe-standin/stripe-fixtures.json, a copy of ../shared/stripe/) so callers see the same fields with the same JSON types; the
 * fields this product never uses are the "nothing configured" value (null, [], false, "none").
 *
 * Current API layout (what the stripe 23 SDK pins): billing periods live on subscription items, an
 * invoice's subscription is `parent.subscription_details.subscription`, invoice lines carry
 * `parent.subscription_item_details` with `proration`.
 */
import type {
  ChargeRecord,
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  RefundRecord,
  ScheduleRecord,
  Store,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from "./store";

export type Json = Record<string, unknown>;

/** The API version objects claim to be rendered for: the one the stripe 23 SDK pins. */
export const API_VERSION = "2026-10-28.endive";

export const list = (url: string, data: unknown[], hasMore = false) => ({ object: "list", data, has_more: hasMore, url });

const NO_ADDRESS = null;

export class Objects {
  /** Where the hosted pages live; set once the server listens. */
  baseUrl = "";

  constructor(private readonly store: Store) {}

  /** Renders whatever object `id` names (used for `expand[]` and events), or undefined. */
  byId(id: string): Json | undefined {
    const s = this.store;
    const found =
      (s.customers.has(id) && this.customer(s.customers.get(id)!)) ||
      (s.subscriptions.has(id) && this.subscription(s.subscriptions.get(id)!)) ||
      (s.invoices.has(id) && this.invoice(s.invoices.get(id)!)) ||
      (s.paymentIntents.has(id) && this.paymentIntent(s.paymentIntents.get(id)!)) ||
      (s.charges.has(id) && this.charge(s.charges.get(id)!)) ||
      (s.paymentMethods.has(id) && this.paymentMethod(s.paymentMethods.get(id)!)) ||
      (s.prices.has(id) && this.price(s.prices.get(id)!)) ||
      (s.products.has(id) && this.product(s.products.get(id)!)) ||
      (s.schedules.has(id) && this.schedule(s.schedules.get(id)!)) ||
      (s.checkoutSessions.has(id) && this.checkoutSession(s.checkoutSessions.get(id)!)) ||
      (s.refunds.has(id) && this.refund(s.refunds.get(id)!)) ||
      (s.clock.id === id && this.testClock());
    return found || undefined;
  }

  product(p: ProductRecord): Json {
    return {
      id: p.id,
      object: "product",
      active: true,
      created: p.created,
      default_price: p.defaultPrice,
      description: p.description,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: {},
      name: p.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: "service",
      unit_label: null,
      updated: p.created,
      url: null,
    };
  }

  price(p: PriceRecord): Json {
    return {
      id: p.id,
      object: "price",
      active: p.active,
      billing_scheme: "per_unit",
      created: p.created,
      currency: p.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: p.lookupKey,
      metadata: { ...(p.metadata ?? {}) },
      nickname: p.nickname,
      product: p.product,
      recurring: { interval: p.interval, interval_count: p.intervalCount, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  /** The legacy `plan` view of a price, still sent on subscription items. */
  plan(p: PriceRecord): Json {
    return {
      id: p.id,
      object: "plan",
      active: p.active,
      amount: p.unitAmount,
      amount_decimal: String(p.unitAmount),
      billing_scheme: "per_unit",
      created: p.created,
      currency: p.currency,
      interval: p.interval,
      interval_count: p.intervalCount,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: p.nickname,
      product: p.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: "licensed",
    };
  }

  customer(c: CustomerRecord): Json {
    const delinquent = [...this.store.invoices.values()].some((i) => i.customer === c.id && i.status === "open" && i.attemptCount > 0);
    return {
      id: c.id,
      object: "customer",
      address: NO_ADDRESS,
      balance: c.balance,
      created: c.created,
      currency: c.currency,
      default_source: null,
      delinquent,
      description: null,
      discount: null,
      email: c.email,
      invoice_prefix: c.invoicePrefix,
      invoice_settings: { custom_fields: null, default_payment_method: c.defaultPaymentMethod, footer: null, rendering_options: null },
      livemode: false,
      metadata: { ...c.metadata },
      name: c.name,
      next_invoice_sequence: c.nextInvoiceSequence,
      phone: null,
      preferred_locales: [...(c.preferredLocales ?? [])],
      shipping: null,
      tax_exempt: "none",
      test_clock: this.store.clock.id,
    };
  }

  private cardDetails(pm: PaymentMethodRecord) {
    return {
      brand: pm.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
      fingerprint: `fp${pm.card.last4}${pm.card.brand}`,
      funding: "credit",
      last4: pm.card.last4,
      regulated_status: "unregulated",
      wallet: null,
    };
  }

  paymentMethod(pm: PaymentMethodRecord): Json {
    return {
      id: pm.id,
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: { address: NO_ADDRESS, email: null, name: null, phone: null, tax_id: null },
      card: {
        ...this.cardDetails(pm),
        display_brand: pm.card.brand,
        generated_from: null,
        networks: { available: [pm.card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
      },
      created: pm.created,
      customer: pm.customer,
      customer_account: null,
      livemode: false,
      metadata: { ...pm.metadata },
      type: "card",
    };
  }

  subscriptionItem(item: SubscriptionItemRecord, subscription: string): Json {
    const price = this.store.prices.get(item.price)!;
    return {
      id: item.id,
      object: "subscription_item",
      billing_thresholds: null,
      created: item.created,
      current_period_end: item.periodEnd,
      current_period_start: item.periodStart,
      current_trial: null,
      discounts: [],
      metadata: { ...item.metadata },
      plan: this.plan(price),
      price: this.price(price),
      quantity: item.quantity,
      subscription,
      tax_rates: [],
    };
  }

  subscription(s: SubscriptionRecord): Json {
    return {
      id: s.id,
      object: "subscription",
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: s.billingCycleAnchor,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: "classic" },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: s.cancelAt,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: s.cancellationReason },
      collection_method: "charge_automatically",
      created: s.created,
      currency: this.store.prices.get(s.item.price)!.currency,
      customer: s.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: s.defaultPaymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: s.endedAt,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
      items: list(`/v1/subscription_items?subscription=${s.id}`, [this.subscriptionItem(s.item, s.id)]),
      latest_invoice: s.latestInvoice,
      livemode: false,
      managed_payments: null,
      metadata: { ...s.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: s.schedule,
      start_date: s.startDate,
      status: s.status,
      test_clock: this.store.clock.id,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
      trial_start: null,
    };
  }

  invoiceLine(line: InvoiceLineRecord, invoice: InvoiceRecord): Json {
    const price = this.store.prices.get(line.price)!;
    const subscription = invoice.subscription;
    const sub = subscription ? this.store.subscriptions.get(subscription) : undefined;
    return {
      id: line.id,
      object: "line_item",
      amount: line.amount,
      currency: price.currency,
      description: line.description,
      discount_amounts: [],
      discountable: !line.proration,
      discounts: [],
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: line.invoiceItem,
          proration: line.proration,
          proration_details: { credited_items: null },
          subscription,
          subscription_item: sub?.item.id ?? null,
        },
        type: "subscription_item_details",
      },
      period: { end: line.periodEnd, start: line.periodStart },
      pretax_credit_amounts: [],
      // `price_details` is in Stripe's schema (optional), absent from the published example.
      pricing: {
        price_details: { price: price.id, product: price.product },
        type: "price_details",
        unit_amount_decimal: String(price.unitAmount),
      },
      quantity: line.quantity,
      quantity_decimal: String(line.quantity),
      subscription,
      subtotal: line.amount,
      taxes: [],
    };
  }

  invoice(i: InvoiceRecord, opts: { payments?: boolean } = {}): Json {
    const customer = this.store.customers.get(i.customer)!;
    const finalized = i.status !== "draft";
    const rendered: Json = {
      id: i.id,
      object: "invoice",
      account_country: "DE",
      account_name: "Headshot Studio",
      account_tax_ids: null,
      amount_due: i.amountDue,
      amount_overpaid: 0,
      amount_paid: i.amountPaid,
      amount_remaining: i.status === "void" ? 0 : i.amountDue - i.amountPaid,
      amount_shipping: 0,
      application: null,
      attempt_count: i.attemptCount,
      attempted: i.attemptCount > 0,
      auto_advance: i.status === "open",
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: i.billingReason,
      collection_method: "charge_automatically",
      created: i.created,
      currency: "eur",
      custom_fields: null,
      customer: i.customer,
      customer_account: null,
      customer_address: NO_ADDRESS,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: "none",
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: i.finalizedAt,
      ending_balance: finalized ? i.endingBalance : null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: finalized ? `${this.baseUrl}/invoice/${i.id}` : null,
      invoice_pdf: null,
      issuer: { type: "self" },
      last_finalization_error: null,
      latest_revision: null,
      lines: list(
        `/v1/invoices/${i.id}/lines`,
        i.lines.map((l) => this.invoiceLine(l, i)),
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: i.nextPaymentAttempt,
      number: finalized ? i.number : null,
      on_behalf_of: null,
      parent: i.subscription
        ? {
            quote_details: null,
            subscription_details: { metadata: i.subscriptionMetadata ? { ...i.subscriptionMetadata } : null, subscription: i.subscription },
            type: "subscription_details",
          }
        : null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: i.startingBalance,
      statement_descriptor: null,
      status: i.status,
      status_transitions: { finalized_at: i.finalizedAt, marked_uncollectible_at: null, paid_at: i.paidAt, voided_at: i.voidedAt },
      // Present (always null) in Stripe's published example; the current API names the subscription under `parent`.
      subscription: null,
      subtotal: i.total,
      subtotal_excluding_tax: i.total,
      test_clock: this.store.clock.id,
      total: i.total,
      total_discount_amounts: [],
      total_excluding_tax: i.total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: i.webhooksDeliveredAt,
    };
    // `payments` is "includable" in Stripe: only present when asked for with expand[]=payments.
    if (opts.payments) rendered.payments = list(`/v1/invoice_payments?invoice=${i.id}`, this.invoicePayments(i));
    return rendered;
  }

  invoicePayments(i: InvoiceRecord): Json[] {
    if (!i.paymentIntent) return [];
    const pi = this.store.paymentIntents.get(i.paymentIntent)!;
    return [
      {
        id: `inpay_${i.id.slice(3)}`,
        object: "invoice_payment",
        amount_paid: pi.status === "succeeded" ? pi.amount : null,
        amount_requested: pi.amount,
        created: pi.created,
        currency: pi.currency,
        invoice: i.id,
        is_default: true,
        livemode: false,
        payment: { payment_intent: pi.id, type: "payment_intent" },
        status: pi.status === "succeeded" ? "paid" : "open",
        status_transitions: { canceled_at: null, paid_at: i.paidAt },
      },
    ];
  }

  paymentIntent(pi: PaymentIntentRecord): Json {
    return {
      id: pi.id,
      object: "payment_intent",
      allowed_payment_method_types: null,
      amount: pi.amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: pi.status === "succeeded" ? pi.amount : 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${pi.id}_secret_local`,
      confirmation_method: "automatic",
      created: pi.created,
      currency: pi.currency,
      customer: pi.customer,
      customer_account: null,
      description: pi.description,
      excluded_payment_method_types: null,
      // Stripe's schema has more (optional) fields here than the published example shows.
      last_payment_error: pi.lastError
        ? {
            type: "card_error",
            charge: pi.lastError.charge,
            code: pi.lastError.code,
            decline_code: pi.lastError.declineCode,
            message: pi.lastError.message,
            payment_method: pi.paymentMethod ? this.paymentMethod(this.store.paymentMethods.get(pi.paymentMethod)!) : null,
          }
        : null,
      latest_charge: pi.latestCharge,
      livemode: false,
      managed_payments: null,
      metadata: {},
      next_action: null,
      on_behalf_of: null,
      payment_method: pi.paymentMethod,
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ["card"],
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: pi.status,
      transfer_data: null,
      transfer_group: null,
    };
  }

  charge(c: ChargeRecord): Json {
    const pm = this.store.paymentMethods.get(c.paymentMethod)!;
    const ok = c.status === "succeeded";
    const refunds = [...this.store.refunds.values()].filter((r) => r.charge === c.id).reverse();
    return {
      id: c.id,
      object: "charge",
      amount: c.amount,
      amount_captured: ok ? c.amount : 0,
      amount_refunded: c.amountRefunded,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: ok ? `txn_${c.id.slice(3)}` : null,
      billing_details: { address: NO_ADDRESS, email: null, name: null, phone: null, tax_id: null },
      calculated_statement_descriptor: "HEADSHOT STUDIO",
      captured: ok,
      created: c.created,
      currency: c.currency,
      customer: c.customer,
      description: c.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: c.failureCode,
      failure_message: c.failureMessage,
      fraud_details: {},
      livemode: false,
      metadata: {},
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: ok ? "approved_by_network" : "declined_by_network",
        reason: ok ? null : c.declineCode,
        seller_message: ok ? "Payment complete." : "The bank did not return any further details with this decline.",
        type: ok ? "authorized" : "issuer_declined",
      },
      paid: ok,
      payment_intent: c.paymentIntent,
      payment_method: c.paymentMethod,
      payment_method_details: {
        card: {
          ...this.cardDetails(pm),
          amount_authorized: ok ? c.amount : null,
          authorization_code: ok ? "123456" : null,
          extended_authorization: { status: "disabled" },
          incremental_authorization: { status: "unavailable" },
          installments: null,
          mandate: null,
          multicapture: { status: "unavailable" },
          network: pm.card.brand,
          network_token: { used: false },
          network_transaction_id: null,
          overcapture: { maximum_amount_capturable: c.amount, status: "unavailable" },
          three_d_secure: null,
          transaction_link_id: null,
        },
        type: "card",
      },
      receipt_email: null,
      receipt_number: null,
      receipt_url: null,
      refunded: c.amountRefunded >= c.amount && c.amount > 0,
      refunds: list(
        `/v1/charges/${c.id}/refunds`,
        refunds.map((r) => this.refund(r)),
      ),
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: c.status,
      transfer_data: null,
      transfer_group: null,
    };
  }

  refund(r: RefundRecord): Json {
    const charge = this.store.charges.get(r.charge)!;
    return {
      id: r.id,
      object: "refund",
      amount: r.amount,
      balance_transaction: `txn_${r.id.slice(3)}`,
      charge: r.charge,
      created: r.created,
      currency: r.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: { card: { type: "refund" }, type: "card" },
      metadata: { ...r.metadata },
      payment_intent: r.paymentIntent,
      payment_method: charge.paymentMethod,
      reason: r.reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
  }

  checkoutSession(cs: CheckoutSessionRecord): Json {
    const price = this.store.prices.get(cs.price)!;
    const amount = price.unitAmount * cs.quantity;
    const customer = cs.customer ? this.store.customers.get(cs.customer) : undefined;
    const complete = cs.status === "complete";
    return {
      id: cs.id,
      object: "checkout.session",
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cs.cancelUrl,
      client_reference_id: cs.clientReferenceId,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: cs.created,
      currency: price.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: cs.customer,
      customer_account: null,
      customer_creation: null,
      customer_details: complete
        ? {
            address: NO_ADDRESS,
            business_name: null,
            email: customer?.email ?? cs.customerEmail,
            individual_name: null,
            name: customer?.name ?? null,
            phone: null,
            tax_exempt: "none",
            tax_ids: [],
          }
        : null,
      customer_email: cs.customerEmail,
      discounts: [],
      expires_at: cs.expiresAt,
      integration_identifier: null,
      invoice: cs.invoice,
      invoice_creation: null,
      livemode: false,
      locale: cs.locale ?? null,
      managed_payments: null,
      metadata: { ...cs.metadata },
      mode: "subscription",
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ["card"],
      payment_status: cs.paymentStatus,
      permissions: null,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: { allow_redisplay_filters: ["always"], payment_method_remove: "disabled", payment_method_save: null },
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: cs.status,
      submit_type: null,
      subscription: cs.subscription,
      success_url: cs.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted_page",
      // Stripe drops the URL once the session is no longer open.
      url: cs.status === "open" ? `${this.baseUrl}/pay/${cs.id}` : null,
      wallet_options: null,
    };
  }

  schedule(s: ScheduleRecord): Json {
    const now = this.store.now();
    const current = s.status === "active" ? s.phases.find((p) => p.startDate <= now && now < p.endDate) : undefined;
    return {
      id: s.id,
      object: "subscription_schedule",
      application: null,
      billing_mode: { flexible: null, type: "classic" },
      canceled_at: s.canceledAt,
      completed_at: s.completedAt,
      created: s.created,
      current_phase: current ? { end_date: current.endDate, start_date: current.startDate } : null,
      customer: s.customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        automatic_tax: { disabled_reason: null, enabled: false, liability: null },
        billing_cycle_anchor: "automatic",
        billing_thresholds: null,
        collection_method: "charge_automatically",
        default_payment_method: null,
        description: null,
        invoice_settings: {
          account_tax_ids: null,
          custom_fields: null,
          days_until_due: null,
          description: null,
          footer: null,
          issuer: { type: "self" },
        },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: s.endBehavior,
      livemode: false,
      metadata: { ...s.metadata },
      pause_schedules: [],
      phases: s.phases.map((p) => {
        const price = this.store.prices.get(p.price)!;
        return {
          add_invoice_items: [],
          application_fee_percent: null,
          billing_cycle_anchor: null,
          billing_thresholds: null,
          collection_method: null,
          currency: price.currency,
          default_payment_method: null,
          default_tax_rates: [],
          description: null,
          discounts: [],
          end_date: p.endDate,
          invoice_settings: null,
          items: [
            {
              billing_thresholds: null,
              discounts: [],
              metadata: {},
              plan: this.plan(price),
              price: price.id,
              quantity: p.quantity,
              tax_rates: [],
            },
          ],
          metadata: { ...p.metadata },
          on_behalf_of: null,
          proration_behavior: p.prorationBehavior,
          start_date: p.startDate,
          transfer_data: null,
          trial_end: null,
        };
      }),
      released_at: s.releasedAt,
      released_subscription: s.releasedSubscription,
      status: s.status,
      subscription: s.subscription,
      test_clock: this.store.clock.id,
    };
  }

  portalSession(p: PortalSessionRecord): Json {
    return {
      id: p.id,
      object: "billing_portal.session",
      configuration: "bpc_local_standin",
      created: p.created,
      customer: p.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: p.locale ?? null,
      on_behalf_of: null,
      return_url: p.returnUrl,
      url: `${this.baseUrl}/portal/${p.id}`,
    };
  }

  testClock(): Json {
    const c = this.store.clock;
    return {
      id: c.id,
      object: "test_helpers.test_clock",
      created: c.created,
      deletes_after: c.created + 30 * 86_400,
      frozen_time: c.frozenTime,
      livemode: false,
      name: c.name,
      status: c.status,
      status_details: {},
    };
  }

  event(e: EventRecord): Json {
    return {
      id: e.id,
      object: "event",
      api_version: API_VERSION,
      created: e.created,
      // `previous_attributes` is part of Stripe's event schema for *.updated events.
      data: e.previousAttributes ? { object: e.object, previous_attributes: e.previousAttributes } : { object: e.object },
      livemode: false,
      pending_webhooks: e.pendingWebhooks,
      request: e.request,
      type: e.type,
    };
  }
}
