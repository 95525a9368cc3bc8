-- The game catalog (spec section 3, Game card; issue 5): games of the vendors of 001-system.sql,
-- their names in every site language, sub-type, flags and maintenance, and each member's
-- favourites and recent games. A merchant offers the games of the vendors it enables in
-- merchant_vendors; vendors.maintenance covers a whole vendor, games.maintenance one game.

CREATE TABLE games (
  -- The card's nodeId: the platform's own id of the game.
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor_id   integer     NOT NULL REFERENCES vendors (id),
  -- The card's gameId: the vendor's own code of the game, what a launch sends the vendor.
  game_code   text        NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name_en     text        NOT NULL CHECK (length(name_en) BETWEEN 1 AND 120),
  name_cn     text        NOT NULL CHECK (length(name_cn) BETWEEN 1 AND 120),
  name_th     text        NOT NULL CHECK (length(name_th) BETWEEN 1 AND 120),
  name_km     text        NOT NULL CHECK (length(name_km) BETWEEN 1 AND 120),
  -- Spec section 3, Game sub-types; NULL is a plain game of its category (a video slot).
  sub_type    text        CHECK (sub_type IN ('JP', 'TG', 'AC', 'SC', 'VP', 'BG')),
  is_hot      boolean     NOT NULL DEFAULT false,
  is_new      boolean     NOT NULL DEFAULT false,
  -- Free trial (the card's freeplay 1 / supportPlay 0).
  free_play   boolean     NOT NULL DEFAULT false,
  maintenance boolean     NOT NULL DEFAULT false,
  enabled     boolean     NOT NULL DEFAULT true,
  -- Display order inside a vendor; popularity orders the popular list.
  sort        integer     NOT NULL DEFAULT 0,
  popularity  integer     NOT NULL DEFAULT 0 CHECK (popularity >= 0),
  -- PVP games played at tables: how many rooms a room list shows and their seats.
  pvp_rooms   smallint    NOT NULL DEFAULT 0 CHECK (pvp_rooms BETWEEN 0 AND 50),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, game_code)
);
CREATE INDEX games_vendor_sort ON games (vendor_id, sort, id) WHERE enabled;

-- A member's favourite games (spec section 4, Favourites): at most one row per game.
CREATE TABLE game_favourites (
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  member_id   bigint      NOT NULL REFERENCES members (id),
  game_id     integer     NOT NULL REFERENCES games (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX game_favourites_member_created ON game_favourites (member_id, created_at DESC, game_id);

-- The games a member launched, latest first: one row per game, moved to the top on each launch.
CREATE TABLE game_recents (
  merchant_id integer     NOT NULL REFERENCES merchants (id),
  member_id   bigint      NOT NULL REFERENCES members (id),
  game_id     integer     NOT NULL REFERENCES games (id),
  played_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX game_recents_member_played ON game_recents (member_id, played_at DESC, game_id);
