-- The contacts' name index (0014) takes each new name into the index itself, not into GIN's
-- pending list. With the list (fastupdate, the default) every name added since the last VACUUM
-- (the embedded store vacuums at start and after many document writes; contacts are made by
-- documents and certificates too, 21,000 of them in the engine bench) is read again by every search
-- of the index, and the planner, counting those pages, reads the whole table instead: a contacts
-- list filtered by ten names cost more the more contacts the company had (a contacts post's race
-- guard looks once per ten contacts). An insert costs about the same either way (measured: 1,000
-- contacts one by one on a store of 20,000, 1.9 s CPU both); the list 15 ms -> 1.4 ms with 1,000
-- names added. The names already pending go into the index now.
DO $$
BEGIN
  IF to_regclass('contacts_name_search') IS NOT NULL THEN
    ALTER INDEX "contacts_name_search" SET (fastupdate = off);
    PERFORM gin_clean_pending_list('contacts_name_search'::regclass);
  END IF;
END $$;
