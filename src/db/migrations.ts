// SQL migrations, applied in order at start-up on PGlite and PostgreSQL alike. They live in a TS
// module (not .sql files) so the same list reaches the server bundle, Node and Vitest unchanged.
// Never edit an applied migration: add the next one.
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'meta',
    sql: `
      CREATE TABLE kirana_meta (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 2,
    name: 'ondc-protocol',
    sql: `
      -- One row per ONDC transaction the storefront started. shopper_key is null for the
      -- storefront's own catalogue searches; otherwise only that shopper may read its messages.
      CREATE TABLE ondc_transactions (
        transaction_id text PRIMARY KEY,
        shopper_key text,
        domain text NOT NULL,
        city text NOT NULL,
        bpp_id text,
        bpp_uri text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      -- Every message in or out. A request row (direction 'out') holds the receiver's
      -- synchronous ACK/NACK; callbacks (direction 'in') are stored once per body digest, so a
      -- repeated callback changes nothing.
      CREATE TABLE ondc_messages (
        id bigserial PRIMARY KEY,
        transaction_id text NOT NULL REFERENCES ondc_transactions (transaction_id),
        message_id text NOT NULL,
        action text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('in', 'out')),
        participant_id text,
        body_digest text NOT NULL,
        body jsonb NOT NULL,
        ack_status text CHECK (ack_status IN ('ACK', 'NACK')),
        error_code text,
        error_message text,
        late boolean NOT NULL DEFAULT false,
        respond_by timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (action, message_id, body_digest)
      );
      CREATE INDEX ondc_messages_by_message ON ondc_messages (message_id, action);
      CREATE INDEX ondc_messages_by_transaction ON ondc_messages (transaction_id);
    `,
  },
  {
    id: 3,
    name: 'catalogue',
    sql: `
      -- The catalogue as sellers publish it in on_search, upserted by (bpp, provider, item).
      CREATE TABLE catalogue_sellers (
        bpp_id text PRIMARY KEY,
        bpp_uri text NOT NULL,
        name text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE catalogue_providers (
        bpp_id text NOT NULL REFERENCES catalogue_sellers (bpp_id),
        provider_id text NOT NULL,
        domain text NOT NULL,
        city_code text NOT NULL,
        name text NOT NULL,
        short_desc text,
        image text,
        status text NOT NULL,
        location_id text NOT NULL,
        location_status text NOT NULL,
        lat double precision NOT NULL,
        lng double precision NOT NULL,
        street text,
        locality text,
        city text,
        state text,
        area_code text,
        radius_km double precision NOT NULL,
        serves_pincodes text[] NOT NULL,
        opens_at integer,
        closes_at integer,
        rating real,
        rating_count integer,
        tat text,
        delivery_fee_paise integer,
        free_delivery_above_paise integer,
        min_order_paise integer,
        internal_tags text[] NOT NULL DEFAULT '{}',
        cuisines text[] NOT NULL DEFAULT '{}',
        pure_veg boolean,
        fssai_licence text,
        categories jsonb NOT NULL DEFAULT '[]',
        offers jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bpp_id, provider_id)
      );
      CREATE INDEX catalogue_providers_by_city ON catalogue_providers (city_code, domain);
      CREATE INDEX catalogue_providers_by_pincode ON catalogue_providers USING gin (serves_pincodes);
      CREATE TABLE catalogue_items (
        bpp_id text NOT NULL,
        provider_id text NOT NULL,
        item_id text NOT NULL,
        city_code text NOT NULL,
        location_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('item', 'customization')),
        name text NOT NULL,
        short_desc text,
        image text,
        ondc_category text NOT NULL,
        sub_category_id integer,
        brand text,
        pack_value numeric,
        pack_unit text,
        price_paise integer NOT NULL,
        mrp_paise integer NOT NULL,
        price_lower_paise integer,
        price_upper_paise integer,
        in_stock boolean NOT NULL,
        max_quantity integer NOT NULL,
        veg_nonveg text,
        fssai_licence text,
        title text,
        tray_tags text[] NOT NULL DEFAULT '{}',
        rating real,
        rating_count integer,
        custom_group_ids text[] NOT NULL DEFAULT '{}',
        parent_group_id text,
        is_default boolean,
        child_group_ids text[] NOT NULL DEFAULT '{}',
        menu_ids text[] NOT NULL DEFAULT '{}',
        -- SPEC §5 dedupe: licence + lower-cased name without spaces; null when there is no licence.
        dedupe_key text,
        is_active boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bpp_id, provider_id, item_id),
        FOREIGN KEY (bpp_id, provider_id) REFERENCES catalogue_providers (bpp_id, provider_id)
      );
      CREATE INDEX catalogue_items_by_dedupe ON catalogue_items (city_code, dedupe_key) WHERE dedupe_key IS NOT NULL;
      CREATE INDEX catalogue_items_by_sub_category ON catalogue_items (city_code, sub_category_id) WHERE kind = 'item';
    `,
  },
  {
    id: 4,
    name: 'addresses',
    sql: `
      -- SPEC §6/§7.1: the saved addresses of a signed-in (native app) user. body is the whole
      -- SPEC §3 address; the columns beside it are what the replace rules (SPEC §5) look up.
      CREATE TABLE saved_addresses (
        user_id text NOT NULL,
        id text NOT NULL,
        address_type text NOT NULL CHECK (address_type IN ('HOME', 'WORK', 'OTHER')),
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        city text NOT NULL,
        pin_code text NOT NULL,
        body jsonb NOT NULL,
        -- Save order: the list is answered newest first, and saving an address again moves it up.
        seq bigserial NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, id)
      );
      -- One HOME and one WORK per user, whatever order concurrent saves land in.
      CREATE UNIQUE INDEX saved_addresses_one_per_type ON saved_addresses (user_id, address_type)
        WHERE address_type IN ('HOME', 'WORK');
    `,
  },
  {
    id: 5,
    name: 'cart',
    sql: `
      -- SPEC §3/§5: one active cart per shopper and city, from one provider at a time. The row
      -- stays for the shopper's life; clearing it empties the lines and gives it a new
      -- cart_reference_id. version grows with every change (stale updates get a conflict).
      CREATE TABLE carts (
        shopper_key text NOT NULL,
        city_code text NOT NULL,
        cart_reference_id text NOT NULL UNIQUE,
        bpp_id text,
        provider_id text,
        version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shopper_key, city_code),
        CHECK ((bpp_id IS NULL) = (provider_id IS NULL))
      );
      -- A line is an item with one set of customisations: the same dish customised twice is two
      -- lines. line_id is the item id for a plain item, else a digest of item and customisations.
      CREATE TABLE cart_lines (
        shopper_key text NOT NULL,
        city_code text NOT NULL,
        line_id text NOT NULL,
        item_id text NOT NULL,
        customisation_ids text[] NOT NULL DEFAULT '{}',
        quantity integer NOT NULL CHECK (quantity > 0),
        added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (shopper_key, city_code, line_id),
        FOREIGN KEY (shopper_key, city_code) REFERENCES carts (shopper_key, city_code) ON DELETE CASCADE
      );
    `,
  },
  {
    id: 6,
    name: 'catalogue-search',
    sql: `
      -- In public, shared by every schema: a test schema dropped with CASCADE must not take it along.
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      -- Words weigh most in the name, then the brand, then the description.
      ALTER TABLE catalogue_items ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(brand, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce(short_desc, '')), 'C')
      ) STORED;
      CREATE INDEX catalogue_items_search ON catalogue_items USING gin (search_document);
      CREATE INDEX catalogue_items_name_trgm ON catalogue_items USING gin (lower(name) gin_trgm_ops);
      CREATE INDEX catalogue_items_listing ON catalogue_items (city_code, sub_category_id, price_paise) WHERE kind = 'item' AND is_active;
      CREATE INDEX catalogue_items_by_provider ON catalogue_items (bpp_id, provider_id, kind);
    `,
  },
  {
    id: 7,
    name: 'catalogue-listing-index',
    sql: `
      -- Listings pick a sub-category across the stores serving a pincode (query-time dedupe, so
      -- not limited to is_active rows): lead with the sub-category, then the store.
      DROP INDEX IF EXISTS catalogue_items_listing;
      CREATE INDEX catalogue_items_item_listing ON catalogue_items (sub_category_id, bpp_id, provider_id) WHERE kind = 'item';
    `,
  },
  {
    id: 8,
    name: 'checkout',
    sql: `
      -- SPEC §5 offers: the storefront's own coupons. A flat offer has value_paise; a percentage
      -- offer has percent and an optional cap. A null city_code is every city.
      CREATE TABLE offers (
        code text PRIMARY KEY CHECK (code = upper(code)),
        title text NOT NULL,
        description text NOT NULL,
        type text NOT NULL CHECK (type IN ('flat', 'percentage')),
        value_paise integer CHECK (value_paise > 0),
        percent numeric(5, 2) CHECK (percent > 0 AND percent <= 100),
        max_discount_paise integer CHECK (max_discount_paise > 0),
        city_code text,
        active boolean NOT NULL DEFAULT true,
        CHECK ((type = 'flat' AND value_paise IS NOT NULL) OR (type = 'percentage' AND percent IS NOT NULL))
      );
      INSERT INTO offers (code, title, description, type, value_paise, percent, max_discount_paise) VALUES
        ('FLAT50', '₹50 off', 'Flat ₹50 off your order', 'flat', 5000, NULL, NULL),
        ('SAVE10', '10% off', '10% off, up to ₹100', 'percentage', NULL, 10, 10000),
        ('HALFOFF', '50% off', 'Half off, up to ₹75', 'percentage', NULL, 50, 7500);
      -- The offer applied to a checkout (one per transaction), recomputed on every new quote.
      CREATE TABLE applied_offers (
        transaction_id text PRIMARY KEY REFERENCES ondc_transactions (transaction_id) ON DELETE CASCADE,
        code text NOT NULL REFERENCES offers (code),
        message_id text NOT NULL,
        discount_paise integer NOT NULL CHECK (discount_paise >= 0),
        applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      -- Every coupon attempt, for the per-shopper rate limit (codes cannot be guessed by brute force).
      CREATE TABLE coupon_attempts (
        id bigserial PRIMARY KEY,
        shopper_key text NOT NULL,
        code text NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX coupon_attempts_by_shopper ON coupon_attempts (shopper_key, attempted_at);
      -- SPEC §5 coins: a ledger per shopper; the balance is the sum of its entries.
      CREATE TABLE coin_ledger (
        id bigserial PRIMARY KEY,
        shopper_key text NOT NULL,
        coins integer NOT NULL CHECK (coins <> 0),
        reason text NOT NULL CHECK (reason IN ('reward', 'burn', 'refund')),
        order_id text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (shopper_key, reason, order_id)
      );
      -- SPEC §7.3 user consent: absent means accepted (SPEC §4 consent defaults to accepted).
      CREATE TABLE shopper_consents (
        shopper_key text PRIMARY KEY,
        is_consent_accepted boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      -- Payments of a checkout. At most one may be live (pending, paid or on delivery) per
      -- transaction: a double tap or a retried request never charges twice.
      CREATE TABLE payments (
        payment_id text PRIMARY KEY,
        transaction_id text NOT NULL REFERENCES ondc_transactions (transaction_id) ON DELETE CASCADE,
        shopper_key text NOT NULL,
        init_message_id text NOT NULL,
        amount_paise integer NOT NULL CHECK (amount_paise >= 0),
        -- UPI through the gateway, or cash on delivery when the seller allows it (then no UPI id,
        -- and the status stays ON-DELIVERY: the seller collects).
        method text NOT NULL CHECK (method IN ('upi', 'cod')),
        vpa text,
        status text NOT NULL CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'ON-DELIVERY')),
        -- SPEC §5 coins burned on this payment and what they took off the amount.
        coins_burned integer NOT NULL DEFAULT 0 CHECK (coins_burned >= 0),
        coin_discount_paise integer NOT NULL DEFAULT 0 CHECK (coin_discount_paise >= 0),
        CHECK ((method = 'upi' AND vpa IS NOT NULL) OR (method = 'cod' AND vpa IS NULL AND status = 'ON-DELIVERY')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE UNIQUE INDEX payments_live_once ON payments (transaction_id) WHERE status IN ('PENDING', 'PAID', 'ON-DELIVERY');
      -- One order per transaction, whatever happens to the confirm (idempotent by construction).
      CREATE TABLE orders (
        order_id text PRIMARY KEY,
        transaction_id text NOT NULL UNIQUE REFERENCES ondc_transactions (transaction_id) ON DELETE CASCADE,
        shopper_key text NOT NULL,
        payment_id text NOT NULL REFERENCES payments (payment_id),
        confirm_message_id text,
        state text NOT NULL DEFAULT 'CONFIRMING',
        total_paise integer NOT NULL,
        on_confirm jsonb,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX orders_by_shopper ON orders (shopper_key, created_at DESC);
    `,
  },
  {
    id: 9,
    name: 'provider-contact',
    sql: `
      -- SPEC §3 provider fetch contactDetails: the seller's consumer-care line, kept per store.
      ALTER TABLE catalogue_providers ADD COLUMN consumer_care text;
    `,
  },
  {
    id: 10,
    name: 'order-events',
    sql: `
      -- Orders after purchase (issue 10): where the order is on its way, and every seller message
      -- that moved it, with the seller's time, so the order's history can be shown and audited.
      ALTER TABLE orders ADD COLUMN status text NOT NULL DEFAULT 'created';
      ALTER TABLE orders ADD COLUMN status_at timestamptz;
      ALTER TABLE orders ADD COLUMN cancel_message_id text;
      ALTER TABLE orders ADD COLUMN cancel_error text;
      ALTER TABLE orders ADD COLUMN refund_initiated_at timestamptz;
      CREATE TABLE order_events (
        id bigserial PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        action text NOT NULL,
        message_id text NOT NULL,
        order_state text NOT NULL,
        fulfillment_state text,
        status text NOT NULL,
        seller_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        body_digest text NOT NULL,
        -- A repeated callback (same message, same body) is one event.
        UNIQUE (order_id, action, message_id, body_digest)
      );
      CREATE INDEX order_events_by_order ON order_events (order_id, id);
    `,
  },
  {
    id: 11,
    name: 'returns',
    sql: `
      -- Returns (issue 10): what the seller lets back and for how long after delivery, per item;
      -- the shopper's return requests and the photos that go with them.
      ALTER TABLE catalogue_items ADD COLUMN returnable boolean;
      ALTER TABLE catalogue_items ADD COLUMN return_window text;
      ALTER TABLE orders ADD COLUMN return_message_id text;
      ALTER TABLE orders ADD COLUMN return_error text;
      ALTER TABLE orders ADD COLUMN return_state text;
      CREATE TABLE return_photos (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        shopper_key text NOT NULL,
        content_type text NOT NULL,
        bytes integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX return_photos_by_order ON return_photos (order_id);
    `,
  },
  {
    id: 12,
    name: 'payment-refunds',
    sql: `
      -- Money back through the payment gateway (issue 10): one row per refund the seller settles
      -- (keyed by the settlement), written before the gateway is asked, so a refund is sent once.
      CREATE TABLE payment_refunds (
        refund_id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        payment_id text NOT NULL REFERENCES payments (payment_id),
        amount_paise integer NOT NULL CHECK (amount_paise >= 0),
        status text NOT NULL CHECK (status IN ('PENDING', 'REFUNDED')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX payment_refunds_by_order ON payment_refunds (order_id);
    `,
  },
  {
    id: 13,
    name: 'analytics-events',
    sql: `
      -- SPEC §7.5 analytics (issue 12): every event the pages and the native app send, with the
      -- fields that are queried as columns and the rest as sent. A mobile number is kept hashed.
      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        endpoint text NOT NULL CHECK (endpoint IN ('hive', 'log', 'ins')),
        name text NOT NULL,
        shopper_key text,
        session_id text,
        device_id text,
        page text,
        source text,
        lob text,
        event_id text,
        city_name text,
        pincode text,
        utm_source text,
        utm_medium text,
        utm_campaign text,
        identifier_hash text,
        attributes jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX analytics_events_by_time ON analytics_events (received_at);
      CREATE INDEX analytics_events_by_name ON analytics_events (name, received_at);
    `,
  },
  {
    id: 14,
    name: 'catalogue-search-per-city',
    sql: `
      -- Search at scale (issue 14). At 1M items a word's whole-catalogue posting list (tens of
      -- thousands of rows) was read again for every store serving the pincode, and the trigram
      -- match compared the query with a million names: ~1.2 s cold. Search now looks up the
      -- words of one city: each item is indexed under "<city> <word>" for every word of its
      -- search document, and a typo is corrected against the catalogue's vocabulary (a few
      -- thousand words) rather than against every name.
      CREATE FUNCTION catalogue_search_keys(city text, document tsvector) RETURNS text[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT coalesce(array_agg(city || ' ' || word), '{}') FROM unnest(tsvector_to_array(document)) AS word $$;
      CREATE INDEX catalogue_items_city_words ON catalogue_items
        USING gin (catalogue_search_keys(city_code, search_document)) WHERE kind = 'item';
      DROP INDEX IF EXISTS catalogue_items_search;
      DROP INDEX IF EXISTS catalogue_items_name_trgm;

      -- Every word any item's search document holds; words are never removed (a word no item
      -- holds any more only costs a lookup that finds nothing).
      CREATE TABLE catalogue_words (word text PRIMARY KEY);
      INSERT INTO catalogue_words SELECT DISTINCT unnest(tsvector_to_array(search_document)) FROM catalogue_items;
      CREATE INDEX catalogue_words_trgm ON catalogue_words USING gin (word gin_trgm_ops);
      -- Triggers keep it whole whatever writes items: new items once per statement (one per batch).
      CREATE FUNCTION catalogue_words_learn() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO catalogue_words (word)
            SELECT DISTINCT unnest(tsvector_to_array(search_document)) FROM new_items
            ON CONFLICT (word) DO NOTHING;
          RETURN NULL;
        END $$;
      CREATE TRIGGER catalogue_words_on_insert AFTER INSERT ON catalogue_items
        REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION catalogue_words_learn();
      -- An update learns only from a document it changed, row by row: the dedupe pass updates
      -- a whole city's flags at once, and comparing old and new rows as tables cost it minutes.
      CREATE FUNCTION catalogue_words_relearn() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO catalogue_words (word) SELECT unnest(tsvector_to_array(NEW.search_document))
            ON CONFLICT (word) DO NOTHING;
          RETURN NULL;
        END $$;
      CREATE TRIGGER catalogue_words_on_update AFTER UPDATE OF name, brand, short_desc ON catalogue_items
        FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document) EXECUTE FUNCTION catalogue_words_relearn();
    `,
  },
  {
    id: 15,
    name: 'refund-settlements',
    sql: `
      -- A prepaid order's money is the buyer app's to give back (collected_by BAP, issue 11): each
      -- refund names the seller's fulfillment it pays for (a Cancel, an RTO, a Return), and once
      -- paid the seller is told by one update (update_target payment), claimed here so it goes once.
      ALTER TABLE payment_refunds ADD COLUMN fulfillment_id text;
      ALTER TABLE payment_refunds ADD COLUMN fulfillment_type text;
      ALTER TABLE payment_refunds ADD COLUMN settlement_message_id text;
      ALTER TABLE payment_refunds ADD COLUMN settled_at timestamptz;
    `,
  },
  {
    // Numbered apart from the migrations other branches are adding at the same time; the ids only
    // need to be unique, they are applied in the order of this list.
    id: 20,
    name: 'scale-out',
    sql: `
      -- Several storefront processes on one PostgreSQL (issue 14): what one process used to keep in
      -- its memory or under its DATA_DIR is shared here. Per-sender request windows (the analytics
      -- limit holds across processes), leases (one catalogue refresher at a time), return photos'
      -- bytes (any process serves them), and the embedded UPI simulator's state (a payment checked
      -- or refunded on one process is the same payment on the next).
      CREATE TABLE rate_windows (
        bucket text NOT NULL,
        sender text NOT NULL,
        window_no bigint NOT NULL,
        used integer NOT NULL CHECK (used >= 0),
        PRIMARY KEY (bucket, sender)
      );
      CREATE TABLE leases (
        name text PRIMARY KEY,
        holder text NOT NULL,
        until timestamptz NOT NULL
      );
      ALTER TABLE return_photos ADD COLUMN data bytea;
      CREATE TABLE simulated_upi (
        payment_id text PRIMARY KEY,
        checks integer NOT NULL DEFAULT 0,
        cancelled boolean NOT NULL DEFAULT false
      );
      CREATE TABLE simulated_upi_refunds (
        refund_id text PRIMARY KEY,
        payment_id text NOT NULL,
        amount_paise integer NOT NULL
      );
    `,
  },
  {
    id: 22,
    name: 'catalogue-search-ranking',
    sql: `
      -- Search at 1M items (issue 14): a common word ("masala", "a") matches thousands of a city's
      -- items, and comparing each name with the query (pg_trgm similarity, part of the rank) was
      -- most of the cost. Two names share at most as many trigrams as the smaller has, so the
      -- count of a name's trigrams bounds its similarity to any query: search compares only the
      -- names whose bound can still reach the page.
      ALTER TABLE catalogue_items ADD COLUMN name_trigrams integer GENERATED ALWAYS AS (cardinality(show_trgm(lower(name)))) STORED;
      -- The planner ignores statistics of a partial index (the word index is one), so it took every
      -- key list for 0.5 % of the table per key: a prefix's 50 keys for 216,000 of a 1M catalogue's
      -- rows (22,000 matched), above its JIT threshold, where it spent ~120 ms compiling a query
      -- that runs in less. Statistics on the expression itself give it each key's frequency.
      CREATE STATISTICS catalogue_items_city_words_stats ON (catalogue_search_keys(city_code, search_document)) FROM catalogue_items;
      ANALYZE catalogue_items;
    `,
  },
  {
    id: 23,
    name: 'callback-inbox',
    sql: `
      -- Streaming ingestion (issue 14). A seller's on_search page is kept whole here in the same
      -- statement that records its receipt, before it is ACKed, and applied in order later; the
      -- row is deleted in the transaction that applies it, so a page is applied once even across
      -- kill -9. At 1M items ACKed pages once waited in memory (1.9 GB). bytes lets the receiver
      -- bound the backlog without reading the bodies.
      CREATE TABLE ondc_inbox (
        id bigserial PRIMARY KEY,
        action text NOT NULL,
        body text NOT NULL,
        bytes integer NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      -- A page is ~1 MB of JSON read once: pglz took 55 ms a page on PostgreSQL 15, lz4 20 ms and
      -- an eighth of the disk. PGlite has no lz4: there the bodies are stored uncompressed.
      DO $$ BEGIN
        ALTER TABLE ondc_inbox ALTER COLUMN body SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN
        ALTER TABLE ondc_inbox ALTER COLUMN body SET STORAGE EXTERNAL;
      END $$;
      -- SPEC §5 dedupe groups (city, licence+name) whose winner may have changed: written with the
      -- page that changed them, settled in small batches (a city-wide pass held PGlite for minutes).
      CREATE TABLE catalogue_dedupe_pending (
        city_code text NOT NULL,
        dedupe_key text NOT NULL,
        PRIMARY KEY (city_code, dedupe_key)
      );
    `,
  },
  {
    id: 24,
    name: 'claim-holders',
    sql: `
      -- A confirm's claim names the storefront process that holds it (its boot, issue 14): each
      -- process holds a session advisory lock on its boot number for as long as it lives, so a
      -- claim whose holder's lock is gone belongs to a process that died and is taken over at once.
      ALTER TABLE orders ADD COLUMN claimed_by integer;
      -- The crash-resume sweep runs every few seconds on every process: it reads only orders
      -- still waiting for their on_confirm.
      CREATE INDEX orders_unconfirmed ON orders (updated_at) WHERE on_confirm IS NULL;
      CREATE FUNCTION kirana_boot_alive(boot integer) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (
          SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = 727275 AND objid = boot AND objsubid = 2
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
      $$;
    `,
  },
  {
    id: 30,
    name: 'paid-checkout-ends',
    sql: `
      -- Issue 23: a paid checkout ends in an order or a refund, decided by the server. A payment is
      -- finished once its order stands or its money went back; the server's sweep reads only the
      -- live payments not finished yet. A quote is valid this long (on_init's ttl): a confirm that
      -- cannot be sent by then is refunded.
      ALTER TABLE payments ADD COLUMN finished_at timestamptz;
      ALTER TABLE payments ADD COLUMN confirm_by timestamptz;
      UPDATE payments p SET finished_at = p.updated_at
        WHERE p.status IN ('FAILED') OR EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.payment_id AND o.on_confirm IS NOT NULL);
      CREATE INDEX payments_unfinished ON payments (created_at) WHERE finished_at IS NULL;
      -- An order the seller refused (or that could not be sent in time): why, in the seller's words.
      ALTER TABLE orders ADD COLUMN failure_code text;
      ALTER TABLE orders ADD COLUMN failure_message text;
      -- SPEC §5 coins held by a payment under way, so a second checkout cannot spend them: burned
      -- when its order stands, released when it ends without one (a failed payment holds nothing).
      CREATE TABLE coin_reservations (
        payment_id text PRIMARY KEY REFERENCES payments (payment_id) ON DELETE CASCADE,
        shopper_key text NOT NULL,
        coins integer NOT NULL CHECK (coins > 0),
        state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'burned', 'released')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX coin_reservations_held ON coin_reservations (shopper_key) WHERE state = 'held';
      -- Coins earned on an order later cancelled and refunded in full are taken back (issue 28).
      ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_reason_check;
      ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_reason_check CHECK (reason IN ('reward', 'burn', 'refund', 'reversal'));
      -- Refunds a crash left unsent are looked for by the sweep.
      CREATE INDEX payment_refunds_pending ON payment_refunds (created_at) WHERE status = 'PENDING';
    `,
  },
  {
    id: 35,
    name: 'checkout-requests',
    sql: `
      -- Issue 23: the cart lines each select and init was built from on the server (names and
      -- the prices the shopper saw), so the SPEC §5 quote checks run on the server against them.
      CREATE TABLE checkout_requests (
        message_id text PRIMARY KEY,
        -- Written just before the request goes out (its message id chosen here), so the poll that
        -- reads the seller's answer always finds it; a new transaction has no row yet then.
        transaction_id text NOT NULL,
        action text NOT NULL CHECK (action IN ('select', 'init')),
        cart_version integer NOT NULL,
        lines jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX checkout_requests_latest ON checkout_requests (transaction_id, action, created_at DESC);
      -- The payable lines a payment was taken for (issue 23 payable()): what the order, its
      -- invoice and its refund cap were computed from, kept as the shopper saw them.
      ALTER TABLE payments ADD COLUMN payable jsonb;
    `,
  },
  {
    id: 40,
    name: 'identity-merges',
    sql: `
      -- Issue 24: a signed-in user arriving on a device whose shopper already has a cart takes that
      -- cart over once. The row is written in the transaction that moves the cart, so a crash
      -- either moved it and remembers so, or did neither; a second request finds the row.
      CREATE TABLE identity_merges (
        device_key text NOT NULL,
        user_key text NOT NULL,
        merged_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (device_key, user_key)
      );
    `,
  },
  {
    id: 55,
    name: 'shopper-cancel-reason',
    sql: `
      -- The shopper's cancel reason as chosen (SPEC §8): it travels to the seller under the code the
      -- network accepts (README "Decisions": cancel reasons) and is shown back in the SPEC's words.
      ALTER TABLE orders ADD COLUMN cancel_reason_id text;
    `,
  },
  {
    id: 60,
    name: 'checkout-store-offer',
    sql: `
      -- Issue 28: the store's own offer (its catalogue's, as advertised) a shopper chose for a
      -- checkout. Select and init ask the seller for it (ONDC order.offers), and the seller's
      -- quote carries its discount.
      CREATE TABLE checkout_store_offers (
        transaction_id text PRIMARY KEY REFERENCES ondc_transactions (transaction_id) ON DELETE CASCADE,
        bpp_id text NOT NULL,
        provider_id text NOT NULL,
        offer_id text NOT NULL,
        code text NOT NULL,
        chosen_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
    `,
  },
  {
    id: 61,
    name: 'checkout-contact',
    sql: `
      -- Issue 28: the name, mobile number and email a shopper ordered with last, so the next
      -- checkout asks only for what is missing. Written with each init; one row per shopper.
      CREATE TABLE checkout_contacts (
        shopper_key text PRIMARY KEY,
        name text NOT NULL,
        phone text NOT NULL,
        email text,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
    `,
  },
  {
    id: 65,
    name: 'payment-notices',
    sql: `
      -- Issue 24: the payment gateway's signed notices reach us over HTTP. The signatures of those
      -- taken are kept for the replay window, so the same bytes sent again change nothing; the
      -- embedded gateway keeps each collect's amount, which its notices state and we check.
      CREATE TABLE payment_notices (
        signature text PRIMARY KEY,
        payment_id text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      ALTER TABLE simulated_upi ADD COLUMN amount_paise integer;
    `,
  },
  {
    id: 75,
    name: 'order-issues',
    sql: `
      -- Issue 26: the shopper's complaints about an order (IGM 2.0.0), each the issue object as both
      -- sides last wrote it. One complaint open per order at a time (ONDC's IGM007 refuses a
      -- duplicate); a refund a resolution grants is a payment_refunds row keyed by the issue.
      CREATE TABLE order_issues (
        issue_id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        shopper_key text NOT NULL,
        transaction_id text NOT NULL,
        status text NOT NULL,
        level text NOT NULL,
        code text NOT NULL,
        issue jsonb NOT NULL,
        -- the seller's refusal of the complaint's last step (an on_issue error), in its words
        seller_error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX order_issues_by_shopper ON order_issues (shopper_key, created_at DESC);
      CREATE UNIQUE INDEX order_issues_one_open ON order_issues (order_id) WHERE status <> 'CLOSED';
    `,
  },
  {
    id: 80,
    name: 'product-pages',
    sql: `
      -- Issue 29 product pages: what an ONDC item carries beyond its card. The long description and
      -- the GTIN its descriptor code names (EAN/GTIN codes 1 and 3);
      -- the variant group it is one pack size of (parent_item_id); whether an order of it can be
      -- cancelled, its time to ship and cash on delivery; its statutory block (packaged commodities
      -- or prepackaged food, as the seller sent it); when the seller last changed it (item.time, the
      -- sitemap's lastmod: our own updated_at moves on every refresh).
      ALTER TABLE catalogue_items ADD COLUMN long_desc text;
      ALTER TABLE catalogue_items ADD COLUMN gtin text;
      ALTER TABLE catalogue_items ADD COLUMN parent_item_id text;
      ALTER TABLE catalogue_items ADD COLUMN cancellable boolean;
      ALTER TABLE catalogue_items ADD COLUMN time_to_ship text;
      ALTER TABLE catalogue_items ADD COLUMN available_on_cod boolean;
      ALTER TABLE catalogue_items ADD COLUMN statutory jsonb;
      ALTER TABLE catalogue_items ADD COLUMN seller_updated_at timestamptz;
      CREATE INDEX catalogue_items_by_variant_group ON catalogue_items (bpp_id, provider_id, parent_item_id) WHERE parent_item_id IS NOT NULL;
      `,
  },
  {
    id: 85,
    name: 'settlement-recons',
    sql: `
      -- Issue 26 (RSF 2.0.0): each recon we send a seller about its settled prepaid orders, written
      -- before it leaves with the message it carries, so one a killed process left unsent is sent
      -- again as it was (same message id), never a second recon of the same figures. Each order's
      -- figures as sent, and the seller's on_recon about them once it answers.
      CREATE TABLE settlement_recons (
        message_id text PRIMARY KEY,
        transaction_id text NOT NULL UNIQUE,
        bpp_id text NOT NULL,
        bpp_uri text NOT NULL,
        state text NOT NULL DEFAULT 'SENDING' CHECK (state IN ('SENDING', 'SENT', 'REFUSED')),
        claimed_by integer,
        message jsonb NOT NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX settlement_recons_sending ON settlement_recons (updated_at) WHERE state = 'SENDING';
      CREATE TABLE settlement_recon_orders (
        message_id text NOT NULL REFERENCES settlement_recons (message_id) ON DELETE CASCADE,
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        figures jsonb NOT NULL,
        accord boolean,
        answer jsonb,
        answered_at timestamptz,
        PRIMARY KEY (message_id, order_id)
      );
      CREATE INDEX settlement_recon_orders_by_order ON settlement_recon_orders (order_id);
    `,
  },
  {
    id: 90,
    name: 'order-ratings',
    sql: `
      -- Issue 29: a shopper's rating of a delivered order, one per thing rated (ONDC 1.2.0
      -- rating_category and id: the order, an item, the store, the delivery agent). Written with
      -- the message id it travels under before it leaves and claimed by the process sending it,
      -- so one a killed process left unsent is sent again as it was (same message id), never a
      -- second rating. The seller's on_rating then says whether it recorded it.
      CREATE TABLE order_ratings (
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        category text NOT NULL CHECK (category IN ('Order', 'Item', 'Provider', 'Agent', 'Fulfillment')),
        rated_id text NOT NULL,
        value smallint NOT NULL CHECK (value BETWEEN 1 AND 5),
        comment text,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'SENDING' CHECK (state IN ('SENDING', 'SENT', 'RECORDED', 'REFUSED')),
        claimed_by integer,
        -- the seller's refusal (its NACK or its on_rating's error), in its words
        error_code text,
        error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (order_id, category, rated_id)
      );
      CREATE INDEX order_ratings_sending ON order_ratings (updated_at) WHERE state = 'SENDING';
    `,
  },
  {
    id: 95,
    name: 'phone-sign-in',
    sql: `
      -- Issue 29: web sign-in by phone. Each phone is one user, made on its first sign-in, under an
      -- id of its own (the number stays here). A phone's current code is kept as a keyed hash
      -- (features/sign-in/code.ts) with its expiry and the wrong codes typed; a spent or burnt
      -- code is NULL; a phone with too many wrong codes is locked until locked_until.
      CREATE TABLE phone_accounts (
        phone text PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE TABLE sign_in_codes (
        phone text PRIMARY KEY,
        code_hash text,
        salt text NOT NULL,
        expires_at timestamptz NOT NULL,
        wrong_codes integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
    `,
  },
  {
    id: 100,
    name: 'upi-intents',
    sql: `
      -- Issue 29: a UPI payment is a collect request to the shopper's UPI id, or an intent their
      -- own UPI app opens (a upi://pay link, a QR code on a desktop), which names no UPI id and can
      -- be paid only until it expires. The link is the gateway's, kept to show again.
      ALTER TABLE payments ADD COLUMN flow text NOT NULL DEFAULT 'collect' CHECK (flow IN ('collect', 'intent'));
      ALTER TABLE payments ADD COLUMN expires_at timestamptz;
      ALTER TABLE payments ADD COLUMN intent_link text;
      ALTER TABLE payments DROP CONSTRAINT payments_check;
      ALTER TABLE payments ADD CONSTRAINT payments_account CHECK (
        (method = 'upi' AND flow = 'collect' AND vpa IS NOT NULL)
        OR (method = 'upi' AND flow = 'intent' AND vpa IS NULL AND expires_at IS NOT NULL)
        OR (method = 'cod' AND flow = 'collect' AND vpa IS NULL AND status = 'ON-DELIVERY')
      );
      -- The simulator's side: until when its intent may be approved, and whether the app approved it.
      ALTER TABLE simulated_upi ADD COLUMN intent_expires_at timestamptz;
      ALTER TABLE simulated_upi ADD COLUMN approved boolean NOT NULL DEFAULT false;
    `,
  },
  {
    id: 105,
    name: 'core-versions',
    sql: `
      -- Issue 25: retail core 1.2.5 beside 1.2.0. A seller is spoken to in the version of its last
      -- full catalogue; a transaction keeps the version its select was sent in, whatever the seller
      -- publishes later, so one order is one version from select to its last update.
      ALTER TABLE catalogue_sellers ADD COLUMN core_version text NOT NULL DEFAULT '1.2.0' CHECK (core_version IN ('1.2.0', '1.2.5'));
      ALTER TABLE ondc_transactions ADD COLUMN core_version text CHECK (core_version IN ('1.2.0', '1.2.5'));
    `,
  },
  {
    id: 115,
    name: 'settlement-instructions',
    sql: `
      -- Issue 26 (RSF 2.0.0 settle): each settle we send the settlement agency for a seller's
      -- agreed orders, written before it leaves, so one a killed process left unsent goes again as
      -- it was (same message and settlement id). An order is in one settle ever (its primary key):
      -- paid once. The agency's on_settle (or on_report) is kept per order.
      CREATE TABLE settlement_instructions (
        message_id text PRIMARY KEY,
        transaction_id text NOT NULL UNIQUE,
        bpp_id text NOT NULL,
        state text NOT NULL DEFAULT 'SENDING' CHECK (state IN ('SENDING', 'SENT', 'REFUSED', 'ANSWERED')),
        claimed_by integer,
        message jsonb NOT NULL,
        error text,
        reported_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX settlement_instructions_open ON settlement_instructions (updated_at) WHERE state IN ('SENDING', 'SENT');
      CREATE TABLE settlement_instruction_orders (
        order_id text PRIMARY KEY REFERENCES orders (order_id) ON DELETE CASCADE,
        message_id text NOT NULL REFERENCES settlement_instructions (message_id) ON DELETE CASCADE,
        share_paise integer NOT NULL,
        kept_paise integer NOT NULL,
        status text CHECK (status IN ('SETTLED', 'NOT_SETTLED')),
        settled_paise integer,
        reference_no text,
        answered_at timestamptz
      );
      CREATE INDEX settlement_instruction_orders_by_message ON settlement_instruction_orders (message_id);
    `,
  },
  {
    id: 120,
    name: 'gst-invoices-and-credit-notes',
    sql: `
      -- Issue 29: an item's GST classification as its seller states it (on_search tag tax), for
      -- the invoice's HSN column and the tax held in an MRP price.
      ALTER TABLE catalogue_items ADD COLUMN hsn_code text;
      ALTER TABLE catalogue_items ADD COLUMN gst_rate numeric;
      -- The numbers of the tax documents drawn for orders: a consecutive serial per seller (its
      -- GSTIN) and financial year, invoices and credit notes apart (CGST Rules 46 and 53). A
      -- number is given the first time its document is drawn and never changes or is reused.
      CREATE TABLE tax_documents (
        kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        -- '' for the invoice; the refunded fulfillment's id for a credit note
        reference text NOT NULL,
        series text NOT NULL,
        fiscal_year text NOT NULL,
        serial integer NOT NULL CHECK (serial > 0),
        number text NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (kind, order_id, reference),
        UNIQUE (kind, series, fiscal_year, serial)
      );
    `,
  },
  {
    id: 125,
    name: 'cancel-if-short',
    sql: `
      -- Issue 29: the store honours a shopper's "no order if anything has run out" (its
      -- catalogue's kirana tag if_short lists cancel_order; ondc/if-short.ts).
      ALTER TABLE catalogue_providers ADD COLUMN cancels_if_short boolean NOT NULL DEFAULT false;
    `,
  },
];
