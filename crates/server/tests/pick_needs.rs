//! Plain-language needs → the right connector or native tool, in
//! `groupedByKind` or the top three candidates, through the same discovery
//! index `hivegate pick` and the agent-search route use, over the real
//! 4,108-package marketplace. The needs (tests/data/needs.jsonl, 7,153 of
//! them) were written for this test; a hidden set of the same kind is run
//! against `hivegate pick --json`.
//! The last 440 came in eleven batches (50, 50, 40, 30, 40, 30, 40, 40, 40,
//! 40, 40), each run once before anything was changed for it. BM25 met 49,
//! 42, 37, 23, 36, 28, 30, 38, 34, 33 and 35 of them then; the local model
//! 49, 42, 40, 25, 36, 28, 32, 34, 35, 34 and 37 (the eighth and eleventh
//! batches' first runs held needs already here, since replaced by new
//! ones). Nothing was changed for the eleventh: the hint words tried for
//! its misses cost older needs. Batch 17 (40) met 33 with BM25 and 34
//! with the local model on its first run. Batches 18 and 19 (40 each)
//! met 39 and 35 with BM25, 36 and 35 with the local model, on their first
//! run; they were written before `CURATED_LEXICAL_WEIGHT` was tried, which
//! was then chosen on the 666 before them. Batch 20 (40), written after
//! it, met 32 with BM25 and 37 with the local model on its first run; a
//! day named from today ("next week") was then read as a date. Batch 21
//! (40), written after that, met 38 with BM25 and 40 with the local model
//! on its first run, and batch 22 (40) 36 and 38, with nothing changed for
//! either. Batch 23 (40), written to say things less directly (no
//! service named, slang, questions), met 28 with BM25 and 32 with the
//! local model on its first run; hint words for its misses then met 34
//! and 39 of it, lost none of the 866 before it and fixed two of them.
//! Batch 24 (40), in the same style and run before anything was changed
//! for it, met 26 with BM25 and 29 with the local model; idioms ("drop
//! Priya a line", "one-on-one") and hint words then met 35 and 37 of it
//! and lost none of the 906 before it. Batch 25 (40), half plain and half
//! indirect, written after all that, met 32 with BM25 and 37 with the
//! local model on its first run; a weekday's possessive read as a date
//! ("Monday's planning"), "push … back" read as rescheduling and
//! "revenue" for the CRMs then met 34 and 39 of it, and lost none before
//! it. Batch 26 (40, mostly indirect) met only 26 with BM25 and 28 with
//! the local model on its first run (on a build without batch 25's
//! fixes); "where did I put" read as finding, and memory and history
//! words, then met 29 and 31 of it. Batch 27 (40, indirect) met 28 with
//! BM25 and 31 with the local model on its first run; a few hint words
//! then met 32 and 35. Batch 28 (40, terse: misspelt, shorthand, "gh
//! issue: …") met 29 and 37 on its first run; reading misspellings and
//! shorthand as the words our entries use then met 36 and 38, lost none
//! before it, and two more words 37 and 39. Batch 29 (40, as an agent
//! asks for a capability: "a tool that lets me create events on the
//! user's Google Calendar") met 39 and 40 on its first run, with nothing
//! changed for it. Batch 30 (40, the need buried in chat: "long day.
//! before I forget, there's a stand-up I keep missing…") met 36 and 37 on
//! its first run; "deprecated" for search_content and "state" for
//! git_status then met 38 and 39, and lost none before it. Batch 31 (40: third person, a
//! noun phrase first, and the channel turned down: "send it to him there,
//! not by mail") met 33 and 36 on its first run; taking out what a need
//! turns down then met 35 and 37, and "edited" for git_status and
//! "landed" for git_log 37 and 38, losing none before it. Batch 32 (40: work that
//! spans two services, and a developer's own words) met 34 and 38 on its
//! first run; a branch named `feature/…` read as a branch then met 35.
//! Batch 33 (40, said from a role: "as the office manager I have to let
//! everyone know…") met 36 and 38 on its first run, with nothing changed
//! for it. Batch 34 (40, in a learner's English: "I want that you write
//! in the slack channel of marketing…") met 37 and 38 on its first run;
//! "what does … say" and "what's written in" read as reading, and
//! "correct" for edit_file, then met 38 and 39, losing none before it.
//! Batch 35 (40, the deliverable named rather than the action: "the end
//! product is a ticket in Jira…") met 35 and 36 on its first run;
//! "referenced" for search_content and "timeline" for git_log then met
//! 36 and 37. Batch 36 (40, dictated: "um can you like tell the team on
//! slack im running ten minutes late") met 37 and 40 on its first run;
//! "set up a meeting" read as scheduling and "prefer" for search_memory
//! then met 39 with BM25. Neither lost a need before it. Batch 37 (40,
//! on a condition: "if the nightly build is red again, file it as a bug
//! in Jira") met 36 and 38 on its first run, with nothing kept for it
//! ("different" for git_diff met one more need in each mode and lost
//! another). Batch 38 (40, things named by their ids: "close PROJ-4521
//! in Jira", "who authored 9e8d7c6 and when") met 38 and 39 on its first
//! run; a commit id read as a revision then met all 40 in both modes,
//! losing none before it. Batch 39 (40, pasted from chat with emoji,
//! arrows and list marks: "📅 tmrw 10:00 — block 1h w/ Dana") met 37 and
//! 38 on its first run (one could not be asked: `pick` took its leading
//! "- [ ]" for an option); "what … says" read as reading, shorthand in
//! any case (`GDoc`) and a need that may start with a hyphen then met all
//! 40, losing none before it. Batch 40 (40, asked as how-to questions:
//! "how would I go about adding a card to our Trello board") met 37 and
//! 40 on its first run; a name in code (`parse_invoice`) read as a
//! symbol, a host and path with no scheme (`docs.rs/serde`) as a web
//! address and "by whom" as authorship then met all 40, losing none
//! before it. Batch 41 (40, asking whether something happened: "did
//! Hannah ever answer my email about the venue deposit?") met 34 and 37
//! on its first run; "did I tell you" read as memory, "into main" as a
//! merge, "is there … file" as finding and "still says" as reading then
//! met 38 and 39, losing none before it. Batch 42 (40, in a formal
//! register: "Would you be good enough to amend the retry limit in
//! settings.toml") met 35 and 38 on its first run; formal verbs read as
//! plain ones ("amend" as "edit") then met 36, losing none before it.
//! Batch 43 (40, each need told with its context in 30 to 45 words: "so
//! we had the quarterly review this morning and…") met 35 and 36 on its
//! first run; holding a long need to the lane thresholds as if it had
//! eight keywords then met 39 and 38, and one more before it in each
//! mode. Batch 44 (40, asking what the agent can do: "can you get into
//! my Dropbox at all?") met 38 and 40 on its first run; "agents" and
//! "split" for spawn_agent and "writing" for write_file then met all 40,
//! and one more before it with BM25. Batch 45 (40, in British English:
//! "pop a catch-up in my diary", "which files have I faffed about with")
//! met 36 and 36 on its first run; slang for changing ("mucking about
//! with"), "which files … changed" as status, "who's been changing" as
//! authorship, "track down" as finding and times said the British way
//! ("my half nine") as dates then met 39 and 39, losing none before it.
//! Batch 46 (40, in office jargon: "loop Priya in on the vendor thread",
//! "double-click on the retry logic") met 37 and 40 on its first run;
//! "delta" read as "diff", "across the web" as a search and "tighten" for
//! edit_file then met all 40, losing none before it. Batch 47 (40, a
//! product's own words and no brand: "move the story into the current
//! sprint", "sed the old domain to the new one in nginx.conf") met 37 and
//! 40 on its first run; "sed" for edit_file and "touch a new" as creating
//! then met 39 with BM25, and one more before it. Batch 48 (40, the
//! problem told instead of the action: "nobody on the team knows the demo
//! moved to 4pm", "the repo has no CONTRIBUTING.md at all") met only 30
//! and 33 on its first run; "who introduced / broke" as authorship and
//! "saved in git" as a commit then met 31 and 35, losing none before it.
//! Batch 49 (40, dictated: "um just change the timeout in config dot yaml
//! from thirty to sixty") met 32 and 36 on its first run; file names said
//! aloud written as files, and idioms ("block out the afternoon", "three
//! of you", "a word doc", "didn't I mention", "where's the file") then
//! met 38 and 40, and fixed four older BM25 misses. Batch 50 (40, in
//! Indian English: "kindly prepone the call and intimate all attendees",
//! "what all changes I have done") met 37 and 39 on its first run; three
//! of its turns of phrase then met all 40, losing none before it. Batch
//! 51 (40, asked as a question or a condition: "is there a package.json
//! somewhere below the web folder?", "in case the tests fail, show me the
//! full output") met 37 and 39 on its first run; whether tests pass read
//! as running them, "raised to" as an edit and "merged … into" as a merge
//! then met all 40, losing none before it. Batch 52 (40, the problem
//! told again: "the landlord still doesn't know the washing machine
//! leaked", "our repo doesn't have a SECURITY.md yet") met only 28 and 31
//! on its first run; a named file said to be missing read as one to
//! write, "still says" told (not asked) as an edit, "still doesn't know"
//! as an email, "only on this laptop" as a push, "too much for one" as
//! agents, and a few more, then met 37 and 39, and fixed five of batch
//! 48's misses. Batch 53 (40, a service named as the context and another
//! asked for: "Sam emailed me the agenda, add the workshop to my
//! calendar") met 37 and 37 on its first run; "listening on port" read as
//! a command then met 38 and 38, losing none before it. Batch 54 (40, a
//! few words and no verb: "contents of setup.cfg", "every TODO in src",
//! "four agents, one per region") met 34 and 39 on its first run; four
//! terse readings then met 38 and 39, and one more before it. Batch 55
//! (40, texted: "pls add drinks w/ Tom to my cal fri 6pm 🍻", "wait what
//! did i tell u my wifi pw hint was") met 33 and 35 on its first run;
//! texting shorthand spelt out ("cal", "fri", "u", "pw") and "what did I
//! change" as status then met 36 and 37, losing none before it. Batch 56
//! (40, in the passive or impersonal voice: "the signed lease needs to be
//! sent to the landlord by email", "it should be checked whether
//! config.toml still points at the old host") met 36 and 36 on its first
//! run; a named file to be checked read as a read, one to be created as
//! a write, and a folder (`db/`) kept as written then met 38 and 38, and
//! one more before it in each mode. Batch 57 (40, English as a German
//! speaker may write it: "make a meeting with Jonas in my google agenda",
//! "control the file settings.yaml if the port is correct", "the story of
//! the repo since monday") met 37 and 38 on its first run; checking "if"
//! a few words after the verb, "written in" a named file, and a
//! repository's "story" as its history then met 39 and 40, losing none
//! before it. Batch 58 (40, the purpose said first: "so that Maria sees
//! it first thing tomorrow, leave the new rota in her Teams chat") met 35
//! and 38 on its first run; "look up whether", "every line … that
//! mentions" and "have you got access to" as idioms then met 37 and 40,
//! losing none before it. Batch 59 (40, undoing or reversing: "take
//! back the Slack message I posted by mistake", "delete the stray build/
//! folder with rm -rf build") met 35 and 36 on its first run; a
//! command-line flag and git's commands without a tool of ours read as
//! the shell, "check online" as a search and a named file set "back to"
//! a value as an edit then met 38 and 38, losing none before it. Batch
//! 60 (40, said in frustration: "ugh the build is red AGAIN, who touched
//! the Dockerfile last??", "seriously, where on earth is the invoice
//! template I saved last week") met 37 and 38 on its first run; grep
//! named as the verb read as a search of contents, and "where is … I
//! saved" as finding files, then met 39 and 40, losing none before it.
//! Batch 61 (40, English as a speaker of Spanish or French may write it:
//! "please actualize the price in the file pricing.md", "who has
//! modified the file of configuration the last time") met 34 and 37 on
//! its first run; "actualize" as "update", "enterprise" as "company",
//! "who has modified" as authorship and "the content of" as reading then
//! met 38 and 40, losing none before it. Batch 62 (40, a program or a
//! command line as the verb: "cat the Makefile for me", "vim the .env and
//! flip DEBUG to false", "gcal: 30 min with Priya tomorrow 2pm") met 34
//! and 35 on its first run; `ls`, `vim`, `sed` and "look it up" read as
//! what they do then met 38 and 37, losing none before it. Batch 63 (40,
//! someone who is not technical, about their own computer and clubs:
//! "my laptop says the disk is nearly full, what is taking up all the
//! room", "my nephew set up this git thing for my poems, can you save
//! what I wrote today in it") met only 28 and 33 on its first run;
//! "who changed" as authorship, "what did you do" as the audit, "a new
//! file" as writing and opening hours as a search then met 31 and 34,
//! and two more before it with BM25. Batch 64 (40, a problem stated and
//! the action left implied: "nobody on the team knows the release moved
//! to Thursday, tell them in our Slack channel") met 38 and 38 on its
//! first run; "ran" for query_audit then met 38 and 39, losing none
//! before it. "flight" for web_search was tried and not kept: with BM25
//! it met two older flight searches but lost two other needs. Batch 65
//! (40, terse and full of identifiers: "INC-2231 in Jira should be
//! priority P1", "diff HEAD~1 for src/parser.rs") met 37 and 38 on its
//! first run; "set … from … to" read as an edit and "what does … mean"
//! as a look-up online then met 39 and 40, losing none before it.
//! Batch 66 (40, spoken to a voice assistant: "um so can you like put
//! the dentist thing on my google calendar for thursday at three") met
//! 39 and 39 on its first run; "change … to say" read as an edit then
//! met 40 and 40, losing none before it. Batch 67 (40, apps named by
//! their kind, not their brand: "log the call in our CRM", "the kanban
//! board", "my to-do app") met 37 and 39 on its first run; "to-do app",
//! "project tracker" read as tasks and "version history" as commits then
//! met 39 and 40, losing none before it. Batch 68 (40, words with two
//! senses: "ping Marco on Slack" and "ping the staging server", "bank
//! branch" and "which branch am I on") met only 33 and 35 on its first
//! run; a server pinged read as a shell command and a parcel tracked as
//! a look-up online then met 35 and 37, losing none before it.
//! Then questions about the world. Of the 78 needs whose answer is a web
//! search, 17 were missed with either ranker: "who won the champions
//! league final", "current mortgage rates in the UK". Idioms for what a
//! thing costs, who won or leads, a rate, an end of life, papers on a
//! subject, the best budget one and travel fares then met 2582 and 2649
//! of 2706, losing none. Batch 69 (40: 20 questions about the world, 20
//! about our own things, written after the idioms) met only 20 and 22:
//! a question about the world names a topic (a mountain, a phone) that no
//! tool of ours describes. So a question that names none of our own
//! things reads as a look-up online (`need::world::asks_the_world`); each
//! reading of it was then tried on a batch written after it, its first
//! run measured with the reading on and switched off:
//!
//! | batch | with it (BM25 / local) | without | world, of 20 | ours, of 20 |
//! |---|---|---|---|---|
//! | 70 | 29 / 29 | 21 / 20 | 13 / 13 (5 / 4 without) | 16 / 16 either way |
//! | 71 | 24 / 29 | 16 / 20 | 11 / 12 (3 / 4) | 13 / 17 (13 / 16) |
//! | 72 | 35 / 35 | 22 / 22 | 18 / 18 (5 / 5) | 17 / 17 either way |
//!
//! Between batches the reading learnt that an ask may stand anywhere
//! ("tell me who"), that "can you" and "do I need" only frame it, that a
//! quoted title is nobody's thing, and "US" in capitals is the country;
//! each change lost no older need.
//! A world need said without a question ("the recipe for a proper
//! carbonara", "reviews of the new Pixel phone", "compare the Kindle and
//! the Kobo") still missed: batch 73 (20 such, 20 of ours) met 27 and 28
//! on its first run, the world half 9 and 9. Reading a noun phrase or a
//! "compare"/"find me" that names none of our things as an ask
//! (`need::world::asks_without_a_question`) then met 38 and 39, losing none.
//! Batch 74 (20 world needs in any form, 20 of ours, many opening with a
//! noun phrase), written after that, met 31 and 32 on its first run
//! (without the new reading 24 and 25): the world half 15 of 20 with
//! either ranker (8 without), ours 16 and 17 either way. "distance from"
//! and a folder's size then met 33 and 34, losing none. Batch 75 (20 and
//! 20 again), written after that, met 35 and 36 on its first run (20 and
//! 22 without the new reading; the world half 18 of 20, 3 and 4 without);
//! one of its needs had been given too narrow a gold ("a PR from my
//! feature branch" names only `github`, where the set's other PR needs
//! also take `git_pr`) and was widened after the run. "rainfall in" as a
//! noun phrase and a module's history as its commits then met 38 and 38,
//! losing none; "should I" as the asker asking, and "how big is … folder"
//! as a shell command, 2830 and 2906 of all. Batch 76 (30 of ours, most
//! said as a noun phrase, where the new reading could misfire, and 10 of
//! the world), written after that, met 39 and 40 on its first run, with
//! nothing changed for it; without the new reading 33 and 34 (ours the
//! same either way, the world 10 of 10 against 4). Batch 77 (40 in every
//! style, 30 of ours and 10 of the world) met 35 and 38 on its first run;
//! "ship" for git_push then met 36 and 39, losing none. Batch 78 (40 of
//! the agent's own tools, said plainly) met 33 and 36 on its first run;
//! three of its misses were questions about our code read as about the
//! world ("when was the rate limiter added", "have two helpers review the
//! backend"). Code's words (backend, frontend, cache), "helper" for an
//! agent, and "when was … added" as the commits' question then met 36
//! and 38, losing none. Batch 79 (20 of the world in any form, 20 of
//! our services and code) met 31 and 30 on its first run; eight world
//! needs missed. A weekday's plural as the day ("open on Mondays" named
//! monday.com), cheap, nearest and closest as a noun phrase's first word,
//! "something fun to do in …" as an ask, a noun's link ("near" too) up
//! to its fourth word, and "tests are failing" as running them then met
//! 38 and 37, losing none and meeting three older ones ("dog-friendly
//! beaches in Cornwall"). One gold was widened after the first run: a
//! translation MCP server is a right answer to "translate … into
//! Portuguese", which had only `web_search`. Batch 80 (15 of the world
//! said as noun phrases, 25 of ours said the same way, where that reading
//! could misfire), written after it, met 33 and 35 on its first run (27
//! and 29 with batch 79's changes taken out: the world 13 of 15 against 7
//! and 7, ours 20 and 22 of 25 either way). "near" or "nearby" anywhere
//! and "worth buying" as asks, "every mention of" as a search of
//! contents, "tidy up" as an edit and "an agent for each" as agents then
//! met 38 and 39, losing none ("tidy" as an edit_file hint word cost nine
//! older edits with BM25, so it is an idiom). One gold was widened after
//! the first run: CI is on GitLab and Bitbucket too, as the set's other
//! CI needs say, where "speed up our CI pipeline" had only `github`.
//! Batch 81 (39 asked with a verb of fetching: "give me", "pull up", "dig
//! up"; 15 of the world, 24 of ours) met 29 and 33 on its first run (the
//! world 8 and 9 of 15). A verb of fetching read past before the noun
//! phrase, "get me" and "grab me" as the asker asking, a word of ours in
//! its sense out there ("a return ticket", "the world record"), "haven't
//! committed" as the status, "a Word version" as a document and
//! "headlines" as a look-up then met 37 and 38, losing none and meeting
//! eight older ones; staged and hunks became code's words when reading
//! past "show me" took "show me the staged hunks" for the world.
//! Batch 82 (25 of ours said with a verb of fetching or as a bare noun
//! phrase, where that reading could misfire, and 15 of the world),
//! written after it, met 33 and 35 on its first run (29 and 30 with batch
//! 81's changes taken out: the world 14 of 15 against 10, ours 19 and 21
//! of 25 against 19 and 20, so no need of ours was lost to it). A named
//! file's history as its commits then met one more with BM25; code's
//! words for the rest (crash, compiler, output, conversation) cost an
//! older need with the local model and were not kept. Batch 83 (39: 15
//! of the world, some with a word of ours in its sense out there, "concert
//! tickets", "track record"; 24 of ours with the same openers) met 34 and
//! 34 on its first run (the world 14 of 15: "directions to the nearest
//! petrol station" gets a maps server, not a search). Tests "green" as
//! passing and "the commit that broke" as the history then met 36 and 35,
//! losing none. What a job, build, compiler or profiler printed as a
//! run, and "a conversation about" as memory (batch 82's misses), then
//! met 3134 and 3214 of all, losing none. Batch 84 (10 of the world
//! whose words are also ours, "board games", "a page-turner", "the
//! nearest service station"; 30 of ours told with their reason first)
//! met 32 and 32 on its first run (the world 4 of 10, ours 28 of 30). A
//! word of ours given its sense out there by the word after it too
//! ("board games", "team building") then met 37 and 37, losing none;
//! "events in Berlin" still reads as the calendar. Batch 85 (20 of the
//! world, 20 of ours, in the forms of batches 79 to 84 with new content),
//! a last held-out check, met 38 and 38 on its first run, with nothing
//! changed for it; with the reading of batch 78 (before batch 79's
//! changes) 29 and 30 (the world 19 of 20 against 11, ours 19 against
//! 18 and 19). Over all 3,384 needs that older reading meets 3143 and
//! 3234. Batch 86 (19: 9 of the world, 10 of ours, in the same forms)
//! met 15 and 17 on its first run (the world 8 of 9); "haven't pushed"
//! as a push then met 16 and 17, losing none. Batch 87 (40: 20 of the
//! world, 20 of ours, new content) met 32 and 33 on its first run (the
//! world 16 of 20 in both modes); "you must" and "do you have to" as
//! anyone, "on board" as aboard, "a Word memo", "which branch am I on",
//! "what does it actually do" after a script, and "out of date, fix it"
//! then met 38 and 38, losing none ("why are my basil leaves turning
//! yellow" still reads as ours, for its "my"). Batch 88 (40: 20 of the
//! world about the asker's own life, "why does my knee click"; 20 of
//! ours with "my" in them) met 22 and 22 on its first run (the world 5 of
//! 20, ours 17 of 20). "My" no longer names a thing of ours by itself
//! (its noun does: "my inbox"), "I" after "when" or "if" frames, "similar
//! to" and "difference between" ask, a noun's link may stand fifth, an
//! oak table and a coffee machine are out there, "holds the record" is
//! looked up, "from last time" is memory, "committed" is code's word and
//! git_merge knows conflicts: then 37 and 37 of it, losing none and
//! meeting five older needs with BM25 and six with the local model ("a
//! book like The Martian for my flight", batch 87's basil leaves).
//! Batch 89 (40: 24 of ours asked with "my" and a noun that is no word
//! of ours, "how's my day looking", "who's in my 3pm"; 16 of the asker's
//! own life) met 34 and 34 on its first run, against 19 and 19 with the
//! reading of batch 87 (the world 16 of 16 against 2, ours 18 of 24
//! against 17: none lost to batch 88's reading). "How's my day looking"
//! as the schedule, "where's my presentation" as finding files, a full
//! disk or partition as a shell command and partition and toolchain as
//! words of ours then met 38 and 38, losing none; "my 3pm" as a meeting
//! then met one older need with BM25. Batch 90 (40: 20 of the world, 20
//! of ours, "my" in most), a held-out check of batches 87 to 89, met 35
//! and 35 on its first run, against 25 and 25 with batch 87's reading
//! (the world 17 of 20 against 7, ours 18 against 18). Over all 3,563
//! needs that older reading meets 3329 and 3410, this one 3380 and 3461.
//! Postage, the Channel Tunnel, "you can" as anyone, tests "timing out"
//! as a run and "where do we load …" as a search of the code then met 39
//! with BM25 and 40 with the local model, losing none. Batch 91 (40: 20
//! of the world, 20 of ours, in every style so far), a last held-out
//! check, met 32 and 34 on its first run (the world 16 and 17 of 20,
//! ours 16 and 17). "Anyone know if" as asking, "along" as a noun's link
//! and "tail the log" as a shell command then met 34 and 35, losing none.
//! Batch 92 (40: 20 of the world, 20 of ours, every style), written
//! after all of that, met 33 and 34 on its first run (the world 16 and
//! 16 of 20, ours 17 and 18). "Build muscle" out there, "where is … set
//! in" as a search of the code and a value made in a named file as an
//! edit then met 35 and 37, losing none. Batch 93 (40: 20 of the world,
//! 20 of ours, terse and plain) met 33 and 34 on its first run (the
//! world 17 and 17 of 20, ours 16 and 17). "Open LICENSE" as a read,
//! "kick off the tests" as a run, "on top of develop" as a diff and
//! "drive on the left" out there then met 36 and 38, losing none
//! ("licence" as code's word cost "renew a UK driving licence").
//! Batch 94 (40: 20 of the world, 20 of ours, the rarer connectors) met
//! 37 and 38 on its first run. Batch 95 (40, chatty, two sentences: "I'm
//! allergic to cats but want a pet. Which breeds shed the least?") met
//! only 24 and 25 (the world 8 of 20): the whole need was read as one
//! sentence, so a question after a scene was missed, and the people in
//! the scene ("I'm", "we're driving") read as ours. Reading each sentence
//! (one that asks is enough; people count only in the sentence that asks)
//! and a few idioms ("still mentions" an edit, "what I'm about to send" a
//! diff, "where I put" finding, ", not Slack" ruled out) then met 37 and
//! 39 of it, and 40 and 40 of batch 94, losing none. Batch 96 (40 of
//! several sentences, the question first or last), a held-out check of
//! that, met 35 and 36 on its first run (the world 16 of 20); a sentence
//! that opens "I …", "we …" or "they …" as telling, unless it tells of a
//! conversation with us ("we agreed on a name"), then met 40 and 40.
//! Batch 97 (40, one or several sentences) met 33 and 33 on its first
//! run; "your" after "how do you" as anyone's, "the drive from A to B"
//! out there and "replace … with" in a named file as an edit then met 37
//! and 39. Batch 98 (40, ten told of the user in the third person, as an
//! agent passes a need on: "The user wants to know …") met 33 and 36 on
//! its first run; the Channel ferry, a sympathy card, CONTRIBUTING as a
//! read, a runbook as the company's knowledge and "we talked about" as
//! memory then met 38 and 40. Batch 99 (40, every style of this stop),
//! written after all of it, met 33 and 36 on its first run (the world 17
//! of 20 both, ours 16 and 19); "when" in a sentence that tells as a
//! joining word and a doctor's note out there then met 35 and 38, losing
//! none ("es" plurals of our words lost a neighbour's tree's branches).
//! Batch 100 (40: 20 of the world, 20 of ours, terse keywords and
//! chatty) met 34 and 34 on its first run (the world 16 of 20 both); terse
//! look-ups ("half marathon world record women", "sunrise time
//! Reykjavik", "convert 350F to Celsius", "visa rules Vietnam") then met
//! 38 and 38, losing none. Ten needs written twice in earlier batches
//! (and one of batch 100, replaced) were then kept once each; all were
//! met. Batch 101 (40: 20 of the world, 20 of ours, typed in a hurry:
//! "wen does daylight savings end this yr", "nba scores last nite") met
//! 36 and 36 on its first run; texting shorthand spelt out ("wen",
//! "whats", "yr", "nite", "w", "rn", "ppl") and a sport's scores as a
//! look-up then met 40 and 39. Batch 102 (40, polite and hedged openers:
//! "I was wondering …", "any chance you know …", "I'd like a list of …",
//! "help me figure out …") met 27 and 27 on its first run (the world 9
//! of 20); the ask read past such a frame, and "how often I should water
//! it" as the asker asking, then met 38 and 39, losing none ("somewhere I
//! can send a link" stays a place of ours). One of its needs, "would you
//! mind running the database migrations locally", now also accepts
//! postgres, as "run the migrations" does. Batch 103 (40, polite frames
//! not read before: "I'm curious, …", "do you happen to know …", "sorry
//! to bother you, but …"), a held-out check of that reading, met 28 and
//! 28 on its first run (the world 12 and 11 of 20); the people before a
//! question within a sentence read as the asker asking ("I've always
//! wondered why …", but not "did we decide where …"), a dress code out
//! there, "who wrote" a named file as its author and "add a CODEOWNERS
//! file" as a write then met 38 and 40, losing none. Batch 104 (40, every
//! style of this stop with openers not yet read: "been meaning to ask",
//! "let me know if", "I need to know …"), written after all of that, met
//! 27 and 28 on its first run (the world 15 of 20 both, ours 12 and 13);
//! "let you" as anyone, "wondering if" and "know if" as asking, "to know"
//! read past, "where … get loaded" as a search of the code, "set it to"
//! in a file as an edit, renaming a folder as a shell command and "when
//! we chatted" as memory then met 36 and 37, losing none. One of its
//! needs, whether a PR has been merged, now also accepts git_pr, the
//! tool for pull requests; one written as a near copy of an older need
//! was replaced. Batch 105 (40: emoji, capitals, "?!", ellipses, "lol",
//! "real talk") met 34 and 35 on its first run (the world 18 of 20
//! both); interjections ("OMG", "ugh") as fillers, "?!" as a question,
//! "did we say" as memory, "which branch am I even on" and a program's
//! entry point as a search of its code then met 37 and 38, losing none.
//! Batch 106 (40, openers not yet read: "got a sec?", "any idea …",
//! "question for you:", "not urgent, but …"), written after all of that,
//! met 33 and 35 on its first run (the world 18 of 20 both, ours 15 and
//! 17); "make you" as anyone, advance tickets out there, "merged into",
//! "where does the app read …" as a search of the code and "behind
//! origin" as the status then met 37 and 39, losing none ("show me" as
//! reading a named file lost "show me the diff" of one). The hint for who
//! made a change then said where it is found, "author in the history"
//! (BM25 had read "who added the retry decorator" as an edit): 3977 and
//! 4075, losing none; the ranked text without its quoted spans was tried
//! and lost two ("my Notion todo says 'check what changed in the repo
//! today'"). Batch 107 (40, openers not yet read: "okay random one:",
//! "can you do me a favour and …", "I'd appreciate …"), written after
//! all of that, met 33 and 33 on its first run (the world 16 of 20 both,
//! ours 17 and 17); a colon as the end of a sentence ("need 2 know asap:
//! can I bring …"), "do me a favour" and "I'd appreciate" as frames,
//! "the main differences" out there, "where is X defined" and "where's
//! the function that …" as a search of the code, a refactor as ours,
//! Makefile.am as a file and tabs to spaces as an edit then met 40 and
//! 40, losing none. Batch 108 (40, openers not yet read: "stupid
//! question probably, but", "asking for a friend:", "heads up,", "dumb
//! q:"), written after all of that, met 35 and 37 on its first run (the
//! world 18 of 20 both); "good for you" as anyone, "what's actually in"
//! a file as a read, "start a CONTRIBUTING.md" as a write and the diff
//! of a named file as a diff then met 38 and 39, losing none. Batch 109
//! (40, openers not yet read: "tell you what,", "could use your help:",
//! "short version please:"), a held-out check of this stop's reading, met
//! 35 and 36 on its first run (the world 19 of 20 both, ours 16 and 17);
//! "check something for me" as the asker asking, "who keeps changing",
//! "find where we build …", "does the test suite still pass" and "change
//! it to" in a named file then met 40 and 40, and one older need with
//! both ("find the spot where we parse the CSV headers"), losing none.
//! Batch 110 (40, each of two sentences: the situation told, then the
//! ask) met 36 and 37 on its first run (the world 20 of 20 both);
//! "untracked" as the status, "several agents" as work in parallel and
//! "add a section" to a named file as an edit then met 39 and 39, and
//! two older needs with each ranker, losing none. Batch 111 (40, every
//! style of this stop, written after all of it) met 34 and 36 on its
//! first run (the world 19 of 20 both, ours 15 and 17); training plans
//! out there, "where … gets configured" as a search of the code, "how
//! many lines did I add" as a diff and "a separate agent" as work in
//! parallel then met 38 and 39, losing none. Batch 112 (40: the agent's
//! own tools, its plan, identity, awareness, audit, skills, connections
//! and harnesses, with merges, PRs and the less-asked connectors) met 35
//! and 37 on its first run, batch 113 (40, mid-covered tools said
//! afresh) only 25 and 30, and batch 114 (40, terse as typed into a
//! search box: "unread gmail", "flight status BA117") 37 and 37; a host
//! of three names as a web page, a path called an endpoint as a route, a
//! year among a few words as a look-up, and idioms (committing into git,
//! which commit did it, pulling changes into a branch, the agent's user,
//! workspace, machine and connections, editing in Word, raising a PR)
//! then met 40, 36 and 39 with BM25, 40, 38 and 39 with the local model,
//! losing none. Batches 115 to 121 (40 each), each written after the
//! changes for the one before it, met on their first run 31, 35, 36, 36,
//! 33, 36 and 28 with BM25 and 32, 37, 38, 39, 35, 38 and 34 with the
//! local model: mid-covered tools and terse needs; every tool once in
//! new words; a household's needs; no service named, only its kind ("the
//! tracker", "our cloud storage"); the situation told, then the ask;
//! casual chat; and every style of the stop. Idioms for each batch's
//! misses then met 37, 39, 40, 38, 37, 39 and 35 with BM25 and 39, 40,
//! 40, 40, 39, 39 and 37 with the local model, losing none. Batch 122
//! (40, every style of the stop, written after all of it) met 30 and 36
//! on its first run, with nothing changed for it. Batch 123 (40, the
//! agent's own tools in new words: "whose credentials are you using",
//! "which bits of the job have you ticked off") met only 17 and 19 on its
//! first run; batch 124 (40, every connector and tool once) 36 and 37.
//! Hint words for the agent's own tools, and idioms, then met 33 and 36
//! of 123 and 39 and 39 of 124. Batches 125 to 128 (40 each), each
//! written after the changes for the ones before it, met on their first
//! run 24, 37, 24 and 27 with BM25 and 23, 37, 27 and 30 with the local
//! model (125 the agent's own tools again, 126 every connector and tool,
//! 127 and 128 every kind); idioms for their misses then met 35, 38, 32
//! and 35 with BM25 and 34, 39, 36 and 37 with the local model, losing
//! none. Batch 129 (40, every kind, written after all of it) met 26 and
//! 30 on its first run, with nothing changed for it. Batch 130 (40,
//! every kind, written after that) met 29 and 29 on its first run; one
//! of its labels then accepted the connector it names, as batch 127's
//! like need does, and idioms met 39 and 39, losing none. Batch 131 (40,
//! every kind, written after all of that) met 23 and 27 on its first
//! run; after that run was recorded, idioms for its misses met 34 and
//! 35, losing none. Batch 132 (40, every kind, written after all of
//! that) met 28 and 31 on its first run; idioms for its misses then met
//! 38 and 39, losing none. Batches 133 (40, the agent's own tools in fresh
//! words) and 134 (40, every connector and tool) met 25 and 36 with BM25
//! and 27 and 38 with the local model on their first run. Example requests
//! for the native tools, read by the model (`NATIVE_TOOL_EXAMPLES`,
//! `EXAMPLE_WEIGHT`), were then tried; batch 135 (40, every kind, mostly
//! the agent's own tools) was written after the first try and met 29 with
//! BM25 and, through `hivegate pick`, 31 with the local model on the build
//! before them. With them, at the weight chosen on the 5,233 needs before
//! batch 133 (5076 → 5102 there, none lost), the local model met 29, 38 and
//! 32 of batches 133 to 135; BM25 does not read them. Measured then: BM25
//! 5041/5353 (94.2 %), the local model 5201/5353 (97.2 %). Batches 136 (40,
//! every connector and tool in fresh plain words) and 137 (40, every native
//! tool, and needs given with their reason or routine: "since Mark is out
//! sick, move his …") were then added; on their first run they met 37 and
//! 34 with BM25, 39 and 37 with the local model. Idioms for their misses
//! (whose login, which coding agents, the apps the agent can reach, what it
//! is equipped to do, changes brought from a branch into another) and a
//! page named by its address read as one to fetch, even where other words
//! ask for a look-up, then met 38 and 39 with BM25 and 39 and 40 with the
//! local model, losing none, and one older need in both modes. Batch 138
//! (40, the connectors and tools least covered so far, Composio among them)
//! was then added; on its first run it met 33 with BM25 and 35 with the
//! local model. Idioms for its misses (the address the agent sends from,
//! where it is running, the staging area, a PR proposed, a setting
//! increased in a named file, the places in our code where …) then met all
//! 40 in both modes, losing none. Batch 139 (40, every kind, half of them
//! the agent's own tools, written after all of that) was then added; on its
//! first run it met 31 with BM25 and 37 with the local model. Idioms for
//! its misses (everything the agent has done, calls waved through, a
//! permissions level, the list it made for itself, what changed between two
//! builds, whether I am on the right branch, every place we do something)
//! then met 37 and 40, losing none, and one older need in each mode. Batch
//! 140 (40, every kind, written after all of that) was then added; on its
//! first run it met 29 with BM25 and 33 with the local model. Idioms for
//! its misses (the agent's next move, the stages it will go through, how
//! free a hand or how much leeway it has, commands refused, the setup it is
//! in, agent programs, a file's evolution, an unused import deleted) then
//! met 36 and 39, losing none, and two older needs with BM25 (among them
//! "how much leeway have I given you today") and one with the local model.
//! Batch 141 (40, every kind, half of them the agent's own tools, written
//! after all of that) was then added; on its first run it met 28 with BM25
//! and 34 with the local model. Idioms for its misses (who the agent is
//! authenticated as, its need of my say-so, the approvals I granted it, the
//! playbooks it has, a skill I could add, the lines I added, what was
//! committed since, anything staged, a function tracked down, a setting
//! raised, a command run on this machine) then met 37 and 39, losing none,
//! and one older need with BM25. Batch 142 (40, every kind, half of them
//! the agent's own tools, written after all of that) was then added; on its
//! first run it met 33 with BM25 and 35 with the local model. Idioms for
//! its misses ("didn't I tell you", a green light, what the agent was set
//! up with, every file it modified, what is different from a commit, where
//! the fixtures are, a file's heading fixed) then met 39 and 40, losing
//! none, and one older need in each mode. Batch 143 (40, said from a role
//! — "as a teacher I need …" — or as "let's …" and "is it possible to …",
//! half of them the agent's own tools) was then added; on its first run it
//! met 32 with BM25 and 36 with the local model. Idioms for its misses (the
//! agent's agenda, whether this runs in a container, the services it has
//! keys for, what it remembers about how I like things, what has been
//! pushed to origin, every TODO left in the files, a line fixed, our
//! written guidance) then met 37 and 40, losing none. Batch 144 (40,
//! written as ticket titles and headlines: "Chore: bump the retry limit to
//! 5 in client/config.yaml", "Signed-in identity and role of the
//! assistant"), half of them the agent's own tools, met all 40 in both
//! modes on its first run. Batch 145 (40, said by someone who knows none
//! of git's words or ours: "send my saved work to the online copy everyone
//! else uses", "do you have to ask me before you change things"), half of
//! them the agent's own tools, met only 27 with BM25 and 30 with the local
//! model on its first run. Idioms for its misses (the saved version, the
//! online copy, another version brought into mine, the last person to
//! change a page, what I typed differently, project files searched for a
//! word, whether the agent is on my computer, must ask me first, what it
//! has been up to, a new trick learnt, talking to it from other programs,
//! the page at an address) then met 39 and 40, losing none. Batch 146 (40,
//! in the same voice, written after those idioms) met 27 with BM25 and 29
//! with the local model on its first run: the idioms for batch 145 had
//! met none of it. Idioms for its misses (changes mixed into my copy, made
//! to show up, stored in the project's history or put into it, official
//! only after approval, a file compared to before, files where it says,
//! commands typed, a machine low on memory, waiting for my yes, other
//! assistant apps using the agent, everything it touched) then met 36 and
//! 38, losing none. Batch 147 (40, in the same voice, written after those
//! idioms) met 25 with BM25 and 29 with the local model on its first run:
//! again the idioms before it met almost none of it. Twelve example
//! requests in the same voice, written before that run was read (see
//! `NATIVE_TOOL_EXAMPLES`), then met 31 with the local model. Idioms for
//! its misses (edits I forgot to lock in, a moment marked in the project,
//! the central copy, my edits okayed before they are added, the folder a
//! thing is kept in, a file where a value should be another, whether it
//! looks as if it came from me, my real files, without me clicking okay,
//! the things the agent changed, using it inside other helpers) and a web
//! address read as a page to fetch where no file is named then met 35 and
//! 39, losing none, and two older needs in each mode. Batch 148 (40, in
//! the same voice, written after all of that) met 27 with BM25 and 32 with
//! the local model on its first run; seventeen more example requests,
//! written before that run was read, met none of its misses and were not
//! kept. Idioms for its misses (fixes pulled into mine, our files where it
//! says, a program still going on this computer, the guide we wrote, the
//! name I gave the agent for something, what it means to do, the login it
//! uses, my actual stuff, a thumbs-up from me, what it has been doing,
//! what it does out of the box, something added to it, chatting with it
//! from other tools) then met 39 and 40, losing none. Batches 149 to 155
//! (40 each, every kind, each run before anything was changed for it) were
//! then added, each in a voice of its own: dictated to a voice assistant
//! ("new file please, ideas dot md"), said in frustration (the
//! problem first, the ask after), office shorthand ("FYI the team: I'm OOO
//! Thu-Fri"), conditions and routines ("if the deploy fails tonight, post
//! …"), asked as whether the agent can ("are you able to run terminal
//! commands on this box?"), formal ("kindly furnish me with …"), and no
//! jargon again, written after all of it ("make what I've saved here show
//! up for everybody else"). On their first run they met 34, 34, 33, 35,
//! 35, 40 and 24 with BM25, and 36, 39, 33, 39, 39, 40 and 29 with the
//! local model: the no-jargon voice is still the weakest, and the idioms
//! written for batches 145 to 148 met little of it. Web addresses said
//! aloud ("example dot com slash faq") written as addresses, sed's
//! `s/a/b/` read as an edit, "kb" and "lmk" spelt out, a few hint words
//! for bash (suite, e2e, locally) and idioms for each batch's misses then
//! met 38, 39, 40, 39, 39, 40 and 32 with BM25 and 40, 40, 40, 40, 40, 40
//! and 35 with the local model, losing none, and six older needs with BM25
//! and two with the local model: BM25 5814/6153 (94.5 %), the local
//! model 6000/6153 (97.5 %). Batches 156 to 160 (40 each, every kind, run
//! before anything was changed for them) were then added in voices not
//! tried before: negation and contrast ("not on Slack this time, …",
//! "never mind the pull request, merge …"), pasted content (quoted
//! messages, code spans, JSON, SQL, error text), shouting in capitals,
//! teen slang ("can u yeet my commits up to github"), and no jargon once
//! more. On their first run they met 37, 34, 37, 34 and 22 with BM25, and
//! 40, 36, 40, 35 and 27 with the local model: the no-jargon voice is
//! still the weakest (55 % and 68 %), and the refusals that the need
//! reader already took out carried the negations. "No …, only …" and a
//! clause set aside ("never mind …, …", "I don't care …, …") taken out as
//! refusals, and idioms for the misses (lines we touched, commits up to
//! github, before it goes into the main copy, back into the real one,
//! every time someone saved a version, files whose names, every file that
//! says, somewhere on this laptop, the code still works, it should say …
//! not …, the papers I gave you, my uploaded PDFs, more of you, versions
//! of you, what have you been up to, the group chat app) then met 40, 37,
//! 39, 39 and 38 with BM25 and 40, 39, 40, 40 and 38 with the local model,
//! losing none, and two older needs with BM25 and one with the local
//! model. "Forget" as a dismissal was tried and dropped: it lost "forget
//! what I told you about my old address", where forgetting is the ask.
//! Then: BM25 6009/6353 (94.6 %), the local model 6198/6353 (97.6 %).
//! Batches 161 to 165 (40 each, written after all of that and run before
//! anything was changed for them): sarcasm and complaints to the agent
//! ("you forgot to push my changes yesterday, do it now"), several steps
//! in one need ("first pull last month's signups from Postgres, then
//! …"), "same as before" ("the usual Monday thing: show me what got
//! committed over the weekend"), numbers and units ("which files are
//! bigger than 100 KB under assets/?"), and no jargon about files, the
//! agent and apps ("who does the computer think you are when you do
//! things"). On their first run they met 35, 38, 39, 33 and 24 with BM25,
//! and 36, 39, 39, 36 and 28 with the local model; "100 KB" had been read
//! as a knowledge base since "kb" was spelt out, and is now a size. That
//! and idioms for the misses then met 38, 40, 40, 39 and 37 with BM25 and
//! 38, 40, 40, 39 and 39 with the local model, losing none, and two older
//! needs with BM25 and one with the local model (a value that "is wrong,
//! it should be …"): BM25 6205/6553 (94.7 %), the local model 6395/6553
//! (97.6 %). Batches 166 to 170 (40 each, run before anything was changed
//! for them): asked of anyone ("can someone let the Slack channel know
//! …"), unsure which app ("not sure if it's in Notion or Confluence"),
//! names and verbs misspelt ("salesfroce", "git lgo", "rnu the
//! migrations"), goals instead of actions ("the aim is for Jonas to be
//! able to pull my work tonight"), and apps and the agent's parts told by
//! what they look like ("the tasks website with the coloured dots,
//! Asana"). On their first run they met 36, 35, 33, 37 and 35 with BM25,
//! and 36, 38, 36, 38 and 39 with the local model. A doubt ("not sure
//! Salesforce has it, but …") was being taken out as a refusal, taking
//! the name with it, and now stays; a three-letter word the corpus lacks
//! is read as its last two letters swapped ("lgo" as "log", "rnu" as
//! "run"), with the model's three-letter words added to the dictionary so
//! that "cup" is not read as "cpu" (a first try without them lost three
//! cooking and football questions). That and idioms for the misses then
//! met 39, 39, 35, 38 and 40 with BM25 and 39, 40, 38, 39 and 40 with the
//! local model, losing none. Still missed: a word misspelt as another
//! word ("red me the Procfile", "tel you"), "dif" (one letter short), and
//! "would someone mind emailing the caterer". Then: BM25 6396/6753
//! (94.7 %), the local model 6591/6753 (97.6 %). Batches 171 to 175 (40
//! each, run before anything was changed for them): product names as
//! verbs ("Jira me a ticket", "grep me the TODOs"), "this" and "it" for
//! what is meant ("send this to Ana on Slack"), Markdown and several lines
//! ("~~Slack~~ Teams: tell the night shift …", "- [ ] commit the
//! migration files"), English mixed with Spanish, French and German
//! ("qué te dije about my mother's birthday?"), and no jargon a fifth
//! time. On their first run they met 38, 37, 36, 33 and 23 with BM25, and
//! 39, 40, 39, 35 and 27 with the local model: the no-jargon voice is
//! still the weakest however many idioms were written for it before, and
//! the mixed languages are the next weakest. Text struck through in
//! Markdown taken out as ruled out, and idioms for the no-jargon and
//! other misses, then met 40, 38, 37, 33 and 39 with BM25 and 40, 40, 39,
//! 35 and 39 with the local model, losing none, and one older need with
//! BM25. Nothing was written then for the mixed languages. Then: BM25
//! 6584/6953 (94.7 %), the local model 6784/6953 (97.6 %). Batch 176 (40,
//! run before anything was changed for it) was written wholly or mostly
//! in Spanish, French, German, Portuguese and Italian ("borra el archivo
//! temp.log", "lösche den Ordner build"): its first run met 26 with BM25
//! and 33 with the local model. A glossary of the words an agent's work
//! is made of in those five languages, read in English when a word is no
//! English word (need/foreign.rs), then met 34 and 38, and three and two
//! of batch 174's mixed needs, losing none. Batch 177 (40 more in the
//! same languages, written after the glossary and run before it was
//! changed for them) met 29 with BM25 and 32 with the local model on its
//! first run: the glossary carried over to BM25 (26 on batch 176's first
//! run) but not to the model (33). Its missing words (renombra, corre,
//! trouve, lê, cambiato, …) added, it met 35 and 36, losing none. Still
//! missed: what only a sentence says ("was habe ich dir über meine
//! Schwester erzählt?" asks the memory), and words that are also English
//! ("lance le script", "lee el archivo"), which the reader keeps as
//! English. Batch 178 (40, English mixed with the same five languages,
//! "please escribe a Juan en Slack que llego tarde", written after the
//! glossary was last changed) met 37 with BM25 and 37 with the local model
//! on its first run, where batch 174, of the same kind before the
//! glossary, met 33 and 35. Nothing was changed for it; its three misses
//! stay ("supprime the node_modules folder, it's huge", "bitte erstelle a
//! new branch and commit alles", "was hast du heute gemacht?"). Then: BM25
//! 6694/7073 (94.6 %), the local model 6898/7073 (97.5 %). Batches 179
//! and 180 (40 each, run before anything was changed for them): English
//! as a second language ("do the needful and push my commits", "open me
//! the file", "I want that you make a commit") and how-to questions ("how
//! do I see who committed what over the last few days?"). On their first
//! run they met 37 and 38 with BM25 and all 40 of each with the local
//! model. A pattern of file names (`*.bak`) read as files to find, and
//! idioms for the misses (the state of my repository, things not
//! committed, on teams, the steps you've lined up, combine a branch with
//! develop) then met 40 and 40 with BM25, losing none, and one older need
//! ("stray *.rej files"). Measured now: BM25 6775/7153 (94.7 %), the
//! local model 6978/7153 (97.6 %). A change that loses needs fails here:
//! see [`BM25_MET`].

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::path::PathBuf;
use std::sync::Arc;

use hivegate_embed::ProviderKind;
use hivegate_server::discovery::{Discovery, DiscoveryConfig, pick};
use hivegate_store::SqliteStore;
use hivegate_store::marketplace::{Marketplace, parse_registry};
use serde_json::Value;

/// The needs met when last measured, as floors. BM25's arithmetic comes
/// out the same on any machine; the model's floats may differ in their
/// last bits on another CPU, so its floor leaves three needs of room. A
/// change that gains needs raises these.
const BM25_MET: usize = 6775;
const LOCAL_MET: usize = 6975;

fn temp_db() -> (PathBuf, SqliteStore) {
    let mut b = [0u8; 6];
    getrandom::fill(&mut b).unwrap();
    let dir = std::env::temp_dir().join(format!(
        "hivegate-needs-{}",
        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
    ));
    let s = SqliteStore::open(&dir.join("hivegate.db")).unwrap();
    (dir, s)
}

fn eval_dir() -> PathBuf {
    std::env::var_os("HIVEGATE_EVAL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval"))
}

/// How many needs are met, and the misses.
async fn run(
    store: &SqliteStore,
    model_dir: PathBuf,
    provider: ProviderKind,
) -> (usize, usize, Vec<String>, String) {
    let config = DiscoveryConfig {
        model_dir,
        remotes: Default::default(),
        native: Default::default(),
    };
    let built = Arc::new(
        Discovery::build(store, &config, provider, &|_, _| {})
            .await
            .unwrap(),
    );
    let text = include_str!("data/needs.jsonl");
    let (mut ok, mut misses, mut ranking) = (0, Vec::new(), String::new());
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for r in &rows {
        let p = pick(store, Arc::clone(&built), r["need"].as_str().unwrap(), None)
            .await
            .unwrap();
        ranking = p.ranking.clone();
        let mut names: Vec<String> = p
            .candidates
            .iter()
            .take(3)
            .map(|c| c.name.clone())
            .collect();
        names.extend(p.grouped_by_kind.connector.iter().map(|c| c.name.clone()));
        names.extend(p.grouped_by_kind.tool.iter().map(|c| c.name.clone()));
        let want: Vec<&str> = r["any"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        if names.iter().any(|n| want.contains(&n.as_str())) {
            ok += 1;
        } else {
            misses.push(format!("{} → {names:?}", r["need"]));
        }
    }
    (ok, rows.len(), misses, ranking)
}

/// A store holding the real 4,108-package marketplace, as `hivegate pick`
/// sees it after `hivegate marketplace import`.
async fn store_with_marketplace() -> (PathBuf, SqliteStore) {
    let (dir, store) = temp_db();
    let text = std::fs::read_to_string(eval_dir().join("mcp-registry/packages-list.json")).unwrap();
    store
        .marketplace_import(parse_registry(&text, "mcp-registry").unwrap(), 1)
        .await
        .unwrap();
    (dir, store)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bm25_over_the_real_marketplace_meets_every_need() {
    let (dir, store) = store_with_marketplace().await;
    let (ok, n, misses, ranking) = run(&store, dir.join("no-model"), ProviderKind::Local).await;
    assert_eq!(ranking, "bm25-only");
    eprintln!("bm25: {ok}/{n}; misses: {misses:#?}");
    assert!(ok >= BM25_MET, "{ok}/{n}: {misses:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_local_model_over_the_real_marketplace_meets_the_needs() {
    let model = PathBuf::from(std::env::var_os("HIVEGATE_MODEL_DIR").expect(
        "HIVEGATE_MODEL_DIR is not set: run the suite with scripts/test, which fetches the model",
    ));
    let (dir, store) = store_with_marketplace().await;
    let (ok, n, misses, ranking) = run(&store, model, ProviderKind::Local).await;
    assert_eq!(ranking, "hybrid");
    eprintln!("local: {ok}/{n}; misses: {misses:#?}");
    assert!(ok >= LOCAL_MET, "{ok}/{n}: {misses:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}
