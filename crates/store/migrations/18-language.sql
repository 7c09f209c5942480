-- 18: the language an account reads the site in (a code of the front end's: en, cs, …), for
-- what the site sends it when it is not looking — mails and push notices. NULL: English.
ALTER TABLE accounts ADD COLUMN language TEXT;
