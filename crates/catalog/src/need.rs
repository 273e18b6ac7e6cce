//! Reading a plain-language need before it is ranked: which catalog
//! entries it names outright, and whether it names a file, a channel or a
//! web page.
//!
//! An embedding of the whole sentence dilutes each of these. "Write the
//! notes in a google doc" sits closer in meaning to a calendar than to a
//! document connector, but whoever wrote it named the product; "show me
//! src/main.rs" never says "file".

use std::borrow::Cow;
use std::collections::HashSet;

use crate::retrieval::tokenize::{is_stop_word, tokens};

/// Words in entry names that name no product: "the filesystem MCP server"
/// is named by "filesystem" alone.
const GENERIC_NAME_WORDS: &[&str] = &["mcp", "server"];

/// File extensions that make a word a file name (`config.yaml`), not a
/// domain (`example.com`) or an abbreviation (`e.g.`).
const FILE_EXTENSIONS: &[&str] = &[
    "c", "cfg", "conf", "cpp", "cs", "css", "csv", "docx", "env", "go", "h", "html", "ini", "java",
    "js", "json", "jsx", "kt", "lock", "log", "md", "pdf", "php", "pptx", "py", "rb", "rs", "sh",
    "sql", "svg", "swift", "toml", "ts", "tsx", "txt", "xlsx", "xml", "yaml", "yml",
];

/// Days and months: "every Monday" dates a need, it does not name
/// monday.com. A name made of these alone names nothing.
const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];
const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The words that name an entry: its name's words, less the generic ones.
/// Empty when nothing specific is left (the entry can then not be named).
pub fn name_words(name: &str) -> Vec<String> {
    let words: Vec<String> = tokens(name)
        .filter(|w| !GENERIC_NAME_WORDS.contains(&w.as_str()))
        .collect();
    if words
        .iter()
        .all(|w| WEEKDAYS.contains(&w.as_str()) || MONTHS.contains(&w.as_str()))
    {
        return Vec::new();
    }
    words
}

/// Whether every one of `name` (from [`name_words`]) is among the need's
/// words, a plural `s` either way (`doc` names `google-docs`).
pub fn names(need_words: &[String], name: &[String]) -> bool {
    let has = |w: &str| {
        need_words.iter().any(|n| {
            n == w || n.strip_suffix('s') == Some(w) || w.strip_suffix('s') == Some(n.as_str())
        })
    };
    !name.is_empty() && name.iter().all(|w| has(w))
}

/// The need's lower-cased words.
pub fn words(need: &str) -> Vec<String> {
    tokens(need).collect()
}

/// The text the rankers see: the need, with "(file)" added when it names
/// a path or a file, "(branch)" when it names a branch by the usual
/// prefixes (`feature/login`), "(revision)" when it names a commit by its
/// id (`3f9c2ab`), "(channel message)" when it names a `#channel`,
/// "(url)" when it holds a web address and "(date)" in place of a day
/// named as a date, so the tools for those are found for needs that never
/// say the word. A question about the world ([`asks_the_world`]) gets
/// "(look up online)" unless `names_ours`: the need names one of our own
/// entries (a connector, a native tool, a skill), whose words say it is
/// about our things however it is asked.
pub fn ranking_text(need: &str, names_ours: bool) -> Cow<'_, str> {
    let (need, dated) = without_dates(need);
    let mut hints: Vec<&str> = WORD_HINTS
        .iter()
        .filter(|(marks, _)| need.split_whitespace().any(marks))
        .map(|(_, hint)| *hint)
        .collect();
    if dated {
        hints.push("date");
    }
    let need_words = words(&need);
    let present: HashSet<&str> = need_words.iter().map(String::as_str).collect();
    let said = |pattern: &[&str]| may_say(&present, pattern) && says(&need_words, pattern);
    for (pattern, hint) in IDIOMS {
        if !hints.contains(hint) && said(pattern) {
            hints.push(hint);
        }
    }
    // "the repo has no SECURITY.md", "notes.md is to be created": a file
    // to write; "check whether config.toml still …": one to read; "put
    // django back to 4.2 in requirements.txt": one to edit; "the history
    // of utils.py": its commits.
    if hints.contains(&"file") {
        if said(&["history"]) {
            hints.push("commits");
        } else if said(&["who", "wrote|authored|added"]) {
            hints.push("author");
        } else if LACKING.iter().any(|p| said(p)) || said(CREATING) {
            hints.push("write");
        } else if INSPECTING.iter().any(|p| said(p)) {
            hints.push("read");
        } else if SETTING.iter().any(|p| said(p)) {
            hints.push("edit");
        }
    }
    // "1:1" as written: its tokens alone ("1 1") are a version's too;
    // "my 3pm" is the meeting at three.
    let spelt: Vec<&str> = need
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let my_time = spelt
        .windows(2)
        .any(|w| w[0].eq_ignore_ascii_case("my") && is_time_of_day(w[1]));
    if (spelt.contains(&"1:1") || my_time) && !hints.contains(&"meeting") {
        hints.push("meeting");
    }
    let read_as_ours = hints.iter().any(|h| !WORLD_HINTS.contains(h));
    if !names_ours && !read_as_ours && !hints.contains(&LOOK_UP_ONLINE) && asks_the_world(&need) {
        hints.push(LOOK_UP_ONLINE);
    }
    if hints.is_empty() {
        need
    } else {
        Cow::Owned(format!("{need} ({})", hints.join(", ")))
    }
}

/// The hint a question about the world gets.
const LOOK_UP_ONLINE: &str = "look up online";

/// The hints that leave a need about the world: a date, a search, a
/// look-up. Any other (a path, a revision, a channel, "author", "meeting")
/// reads it as about our things.
const WORLD_HINTS: &[&str] = &["date", "search", LOOK_UP_ONLINE];

/// Words that open a yes-or-no question ("is it", "any news"); a question
/// word ([`ASKING_WORDS`]) asks wherever it stands.
const QUESTION_OPENERS: &[&str] = &[
    "am", "is", "are", "was", "were", "do", "does", "did", "has", "have", "can", "will", "would",
    "should", "any",
];

/// Words that ask wherever they stand: "tell me who …", "I wonder
/// whether …", "can you check when …".
const ASKING_WORDS: &[&str] = &[
    "what", "who", "whom", "whose", "when", "where", "which", "why", "how", "whether",
];

/// Phrases ([`IDIOMS`]' patterns) that ask wherever they stand: "I wonder
/// if …", "look up …", "find out …", "something fun to do in …", "cafes
/// with wifi near …", "tyres worth buying".
const ASKING_PHRASES: &[&[&str]] = &[
    &["wonder|wondering|wondered", "if"],
    &["know", "if"],
    &["look", "up"],
    &["look", "into"],
    &["find", "out"],
    &[
        "something|things|places|somewhere",
        "?",
        "to",
        "do|eat|see|visit",
    ],
    &["near|nearby"],
    &["worth", "buying|getting|seeing|visiting|reading|watching"],
    &["similar", "to"],
    &["anyone|anybody", "know|knows"],
    &["difference|differences", "between"],
];

/// Words said before a question that do not change it: "so", "hey, quick
/// question:".
const QUESTION_FILLERS: &[&str] = &[
    "hey", "hi", "yo", "so", "um", "uh", "oh", "ok", "okay", "well", "right", "quick", "question",
    "please", "pls", "plz", "and", "but", "also", "btw", "just", "now", "like",
];

/// Who asks and who is asked: words that make a question one about our
/// own things in the sentence that asks ("what did we decide", "did I
/// push"), and only there ([`asks_the_world`]).
const PERSONS: &[&str] = &["i", "me", "we", "us", "our", "ours", "you", "your", "yours"];

/// Words that make a question one about our own things wherever they
/// stand: the workspace's kinds of things (files, code, mail, meetings,
/// tickets, documents, records, the machine, the agent and its gate) and
/// the services our connectors reach. A plural `s` is read off first. One
/// string of words per kind, as [`crate::native::NATIVE_TOOL_HINTS`] lists them.
/// "My" and "mine" are not among them: "my knee", "my sourdough starter"
/// and "my 2015 Corolla" are the asker's life, asked about out there, and
/// "my inbox" is ours by its noun.
const OWN_WORDS: &[&str] = &[
    // code and its history
    "file folder directory dir path readme changelog repo repository code codebase project hardcoded password secret credential branch commit committed pr merge diff hunk staged unstaged git config configuration setting env script build test deploy deployment server service log function class module package dependency dependencies todo dockerfile monorepo uncommitted change changed logic middleware scheduler parser handler endpoint backend frontend cache auth comment hotfix main master staging production prod license",
    // mail, meetings, work tracking, chat
    "email mail inbox calendar meeting invite appointment event ticket issue bug board card task sprint backlog assigned assignee channel message dm thread chat team standup",
    // documents and records
    "doc document letter page wiki notebook note sheet spreadsheet table database db row column query record base handbook runbook knowledge policy opportunity lead contact account customer pipeline crm",
    // the machine, the agent and its gate
    "hivegate laptop computer machine partition toolchain installed docker container disk memory cpu process port terminal shell agent helper audit skill connector tool plan gate approval approved denied rejected blocked sign integration",
    // services our connectors reach
    "confluence airtable jira slack notion trello asana linear github gitlab bitbucket discord teams gmail outlook dropbox drive onedrive onenote obsidian salesforce hubspot pipedrive monday postgres",
];

/// Whether the need asks about the world: a question, or an
/// ask to look something up or find it out, that names none of our own
/// things ([`OWN_WORDS`]). "How tall is Kilimanjaro" and "when does the
/// next iPhone come out" are answered on the web; "when is my dentist
/// appointment" and "who wrote the retry logic" are not. The words of a
/// world question are its topic (a mountain, a phone), which no tool of
/// ours describes; its form is what says where the answer is.
///
/// A need of several sentences is read sentence by sentence: one that
/// asks is enough ("I'm allergic to cats. Which breeds shed the least?"),
/// and the people in one that only tells ("I'm …", "we're driving to Lyon
/// tomorrow", "someone told me …") are the asker setting the scene, not
/// things of ours, unless the asker tells of a conversation
/// ([`tells_of_a_conversation`]). A thing of ours named in any sentence
/// still makes the need ours.
fn asks_the_world(need: &str) -> bool {
    // What is quoted is a title or a phrase ("who sings 'we built this
    // city'"), not the asker's things.
    let need = unquoted(need);
    let mut asks = false;
    let mut ours = false;
    for sentence in sentences(&need) {
        let words = world_words(sentence);
        // "I'd like a list of …", "any chance you know who …": the ask
        // is what follows the polite frame, and the frame's people are
        // only the asker asking.
        let asked = past_frames(&words);
        let asking =
            sentence.trim_end().ends_with('?') || sentence_asks(&words) || sentence_asks(asked);
        asks |= asking;
        let conversation = tells_of_a_conversation(&words);
        let people_count = asking || conversation;
        let asked_from = asker_before_the_question(asked, conversation);
        ours |= (0..asked.len()).any(|i| {
            let w = asked[i].as_str();
            let person = PERSONS.contains(&w);
            (if person {
                people_count && i >= asked_from
            } else {
                is_own_word(w)
            }) && !framing(asked, i)
                && !world_sense(asked, i)
        });
    }
    asks && !ours
}

/// Where the question within a sentence starts when the people before it
/// are only the asker asking: "I've always wondered why cats purr",
/// "sorry to bother you, but what's …", "I'm trying to figure out how much
/// paint I need". Not in a question about them ("did we decide where …",
/// "have you seen what …") or in a conversation told ("I told you where
/// …"): there it is 0, and every person counts.
fn asker_before_the_question(words: &[String], conversation: bool) -> usize {
    let about_them = words
        .first()
        .is_some_and(|w| QUESTION_OPENERS.contains(&w.as_str()))
        && words.get(1).is_some_and(|w| PERSONS.contains(&w.as_str()));
    if conversation || about_them {
        return 0;
    }
    let word = words
        .iter()
        .position(|w| ASKING_WORDS.contains(&w.as_str()));
    let phrase = ASKING_PHRASES
        .iter()
        .filter_map(|p| said_at(words, p))
        .min();
    word.into_iter().chain(phrase).min().unwrap_or(0)
}

/// Where `words` start after the [`QUESTION_FILLERS`] said first.
fn past_fillers(words: &[String]) -> usize {
    words
        .iter()
        .position(|w| !QUESTION_FILLERS.contains(&w.as_str()))
        .unwrap_or(words.len())
}

/// Phrases that only wrap an ask, said before it: "I was wondering if
/// you could …", "any chance you know …", "do you think …", "I'd like to
/// know …", "help me figure out …". Tried in order, so a longer phrase
/// stands before its start.
const POLITE_FRAMES: &[&[&str]] = &[
    &["i", "was|m|am", "wondering"],
    &["i", "ve", "been", "wondering"],
    &["i", "wonder|wondered"],
    &["wondering"],
    &["if|whether", "you", "could|can|would|might"],
    &["i", "d|would", "like|love", "you", "to"],
    &["i", "d|would", "like|love", "to", "know|learn|understand"],
    &["i", "d|would", "like|love"],
    &["i", "have|ve", "a", "quick|small", "question"],
    &["i", "have|ve", "a", "question"],
    &["i", "m|am", "hoping|curious|keen|trying|eager"],
    &["you", "can|could|will|would"],
    &["do|would", "you", "happen", "to", "know|have"],
    &["do|would", "you", "think|reckon|know|suppose|mind"],
    &["any", "chance", "you", "could|can|know|might|remember"],
    &["any", "chance"],
    &["help", "me"],
    &["figure|work", "out"],
];

/// `words` past the fillers and [`POLITE_FRAMES`] said first, however
/// many follow one another.
fn past_frames(words: &[String]) -> &[String] {
    let mut rest = &words[past_fillers(words)..];
    while let Some(frame) = POLITE_FRAMES.iter().find(|f| opens_with(rest, f)) {
        rest = &rest[frame.len()..];
        rest = &rest[past_fillers(rest)..];
    }
    rest
}

/// Whether `words` open with `phrase`, each of its words one of its
/// `|`-separated choices.
fn opens_with(words: &[String], phrase: &[&str]) -> bool {
    words.len() >= phrase.len()
        && words
            .iter()
            .zip(phrase)
            .all(|(w, p)| p.split('|').any(|alt| alt == w))
}

/// Whether a sentence opens by telling what someone does ("I have …",
/// "we're hosting …", "they said …"), not by asking; "I need …" and "we
/// want …" ask.
fn tells(words: &[String]) -> bool {
    let wants = words.get(1).is_some_and(|w| WANTING.contains(&w.as_str()));
    match words.first().map(String::as_str) {
        Some("i" | "we") => !wants,
        Some("they" | "he" | "she") => true,
        _ => false,
    }
}

/// Verbs of a conversation ([`tells_of_a_conversation`]).
const CONVERSING: &[&str] = &[
    "agreed",
    "decided",
    "discussed",
    "talked",
    "said",
    "told",
    "mentioned",
    "settled",
    "promised",
];

/// Whether the asker tells of a conversation, which was with us: "we
/// agreed on a name", "I told you about it"; "someone told me" was not.
fn tells_of_a_conversation(words: &[String]) -> bool {
    let start = past_fillers(words);
    matches!(words.get(start).map(String::as_str), Some("i" | "we"))
        && words.iter().any(|w| CONVERSING.contains(&w.as_str()))
}

/// `need` cut after each `.`, `?` or `!` that ends a word ("retry.go",
/// "3.11" and "status??" are not cut there).
fn sentences(need: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = need.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ends = chars.peek().is_none_or(|&(_, next)| next.is_whitespace());
        if matches!(c, '.' | '?' | '!') && ends {
            out.push(&need[start..=i]);
            start = i + 1;
        }
    }
    if start < need.len() {
        out.push(&need[start..]);
    }
    out
}

/// A sentence's words as [`asks_the_world`] reads them: lower case, but
/// "US" in capitals is the country.
fn world_words(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(|t| {
            if t == "US" {
                "usa".into()
            } else {
                t.to_lowercase()
            }
        })
        .collect()
}

/// Whether a sentence asks: a question's first word, a question word
/// anywhere, an asking phrase, or a request for something known
/// ([`asks_without_a_question`]).
fn sentence_asks(words: &[String]) -> bool {
    let opening = &words[past_fillers(words)..];
    // "I need …", "we want …" may ask for something known; "I have a job
    // interview for …" and "we're hosting 12 people for …" tell, and in
    // them "when" joins a clause: "I get dizzy when I stand up".
    let telling = tells(opening);
    opening
        .first()
        .is_some_and(|w| QUESTION_OPENERS.contains(&w.as_str()))
        || (!telling && asks_without_a_question(opening))
        || words
            .iter()
            .any(|w| ASKING_WORDS.contains(&w.as_str()) && !(telling && w == "when"))
        || ASKING_PHRASES.iter().any(|p| says(words, p))
}

/// Whether `w` is one of [`OWN_WORDS`], or a plural in `s` of one. (An
/// `es` read off too lost "am I allowed to cut the branches" of a
/// neighbour's tree, and met no other need.)
fn is_own_word(w: &str) -> bool {
    let own = |w: &str| {
        OWN_WORDS
            .iter()
            .any(|g| g.split_whitespace().any(|o| o == w))
    };
    own(w) || w.strip_suffix('s').is_some_and(|s| s.len() > 2 && own(s))
}

/// Words of ours that a word before or after them gives their sense out
/// there, as (word, before, after), "" for none: a return ticket is
/// travelled on, not triaged; a world record is not a row; a board game
/// is not a Trello board.
const WORLD_SENSES: &[(&str, &str, &str)] = &[
    (
        "ticket|tickets",
        "return|single|train|plane|flight|bus|ferry|concert|festival|match|theatre|theater|cinema|museum|lottery|parking",
        "",
    ),
    ("record|records", "world|track|olympic", ""),
    (
        "code|codes",
        "dress|zip|postal|post|area|country|dialling|dialing|promo|discount|morse|highway",
        "",
    ),
    ("sign|signs", "early|first|warning|telltale", "of"),
    ("note|notes", "doctor|sick|bank|musical|tasting", ""),
    // "the drive from Seattle", "drive on the left"; "move it to drive".
    ("drive", "the|a|long|short|scenic", "from|on"),
    (
        "card|cards",
        "sd|sim|gift|credit|debit|greeting|greetings|birthday|sympathy|condolence|thank|christmas|business|graphics|playing|tarot|loyalty",
        "",
    ),
    (
        "channel",
        "english",
        "tunnel|islands|crossing|ferry|ferries",
    ),
    // "bikes on board" is aboard; a board of ours has an article.
    ("board", "on", "game|games"),
    ("page", "", "turner|turners"),
    ("service", "", "station|stations"),
    ("team", "", "building"),
    (
        "build",
        "",
        "muscle|muscles|strength|stamina|confidence|trust",
    ),
    (
        "table|tables",
        "oak|wooden|kitchen|dining|coffee|picnic|bedside|pool|folding",
        "",
    ),
    (
        "machine|machines",
        "coffee|espresso|nespresso|washing|sewing|vending|slot|bread|time",
        "",
    ),
    (
        "laptop|laptops",
        "good|best|cheap|cheapest|budget|gaming",
        "",
    ),
];

/// Whether the word of ours at `i` is meant in its sense out there
/// ([`WORLD_SENSES`]).
fn world_sense(words: &[String], i: usize) -> bool {
    let is = |alts: &str, w: Option<&String>| w.is_some_and(|w| alts.split('|').any(|a| a == w));
    // A possessive's `s` is read past: "a doctor's note".
    let back = if i >= 2 && words[i - 1] == "s" { 2 } else { 1 };
    let before = i.checked_sub(back).and_then(|b| words.get(b));
    WORLD_SENSES
        .iter()
        .any(|(word, senses_before, senses_after)| {
            is(word, words.get(i))
                && (is(senses_before, before) || is(senses_after, words.get(i + 1)))
        })
}

/// Whether the need asks for something known out there without a
/// question's form: it opens with a noun phrase ("the recipe for …", "a
/// review of …", "best time to visit …", "reviews of …", "tips for …",
/// "nearest vet …") or
/// with a verb of finding out ("compare …", "find me …"). A need that
/// opens with any other verb ("run the migrations", "tag v2 …") asks for
/// an act, not an answer. `words` start after the fillers said first.
fn asks_without_a_question(words: &[String]) -> bool {
    let wanting = words
        .iter()
        .take_while(|w| WANTING.contains(&w.as_str()))
        .count();
    let mut rest = &words[wanting..];
    if let Some(fetch) = FETCHING.iter().find(|f| opens_with(rest, f)) {
        rest = &rest[fetch.len()..];
    }
    let Some((first, rest)) = rest.split_first() else {
        return false;
    };
    LOOK_UP_OPENERS.contains(&first.as_str())
        || rest
            .iter()
            .take(4)
            .any(|w| NOUN_LINKS.contains(&w.as_str()))
}

/// "I need …", "want …": said before what is wanted.
const WANTING: &[&str] = &["i", "need", "want"];

/// A verb of fetching said before what is fetched: "give me the lowdown on
/// …", "pull up the forecast for …", "dig up the lyrics for …". The first
/// that opens the need is read past, so "get me" stands before "get".
const FETCHING: &[&[&str]] = &[
    &["give", "me"],
    &["get", "me"],
    &["grab", "me"],
    &["fetch", "me"],
    &["show", "me"],
    &["tell", "me", "about"],
    &["tell", "me"],
    &["to", "know"],
    &["pull", "up"],
    &["dig", "up"],
    &["dig", "out"],
    &["get"],
    &["grab"],
];

/// Words that open a noun phrase, or a request to find something out.
const LOOK_UP_OPENERS: &[&str] = &[
    "the",
    "a",
    "an",
    "best",
    "good",
    "top",
    "latest",
    "cheap",
    "cheapest",
    "nearest",
    "closest",
    "find",
    "compare",
    "explain",
    "recommend",
];

/// Words that follow the head of a noun phrase of up to four words:
/// "reviews of", "tips for", "visa requirements for", "rainfall in", "dog
/// friendly beaches in", "vegetarian restaurants open late in", "walking
/// routes along".
const NOUN_LINKS: &[&str] = &["of", "for", "on", "about", "from", "in", "along"];

/// `text` without its quoted spans: a quote that opens a word and one that
/// closes a later word, straight or curly. An apostrophe inside a word
/// (`what's`) opens nothing; an unclosed quote is left as it is.
fn unquoted(text: &str) -> Cow<'_, str> {
    const QUOTES: &[char] = &['"', '\'', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}'];
    let mut out = String::new();
    let mut kept = 0;
    let mut chars = text.char_indices().peekable();
    let mut prev: Option<char> = None;
    while let Some((i, c)) = chars.next() {
        let opens = QUOTES.contains(&c) && prev.is_none_or(|p| p.is_whitespace() || p == '(');
        prev = Some(c);
        if !opens {
            continue;
        }
        let rest = &text[i + c.len_utf8()..];
        let close = rest.char_indices().find(|&(j, q)| {
            QUOTES.contains(&q)
                && rest[j + q.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(|n| !n.is_alphanumeric())
        });
        if let Some((j, q)) = close {
            let end = i + c.len_utf8() + j + q.len_utf8();
            out.push_str(&text[kept..i]);
            kept = end;
            while chars.peek().is_some_and(|&(k, _)| k < end) {
                chars.next();
            }
            prev = Some(q);
        }
    }
    if kept == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[kept..]);
    Cow::Owned(out)
}

/// Whether the pronoun at `i` only frames the ask: "can you …", "tell me
/// …", "I wonder …", "do I need …", "where can I …", "how long should I
/// boil an egg", "why does my knee click when I squat", "should we get",
/// "how do you get resin off your hands". Such a pronoun is the asker
/// asking, or anyone, not a thing of theirs; "did I" and "what did you"
/// still are.
fn framing(words: &[String], i: usize) -> bool {
    let before = i.checked_sub(1).map(|b| words[b].as_str());
    let after = words.get(i + 1).map(String::as_str);
    match words[i].as_str() {
        // "how do you say …", "whether you must book", "do you have to
        // tip", "beans you can buy" are anyone.
        "you" => matches!(before, Some("can" | "could" | "would" | "will")) || anyone(words, i),
        // "how do you get resin off your hands".
        "your" | "yours" => (0..i).any(|j| words[j] == "you" && anyone(words, j)),
        // "find out for me how long …"; "the apps you can reach for me"
        // are ours.
        "me" => {
            matches!(
                before,
                Some("tell" | "show" | "give" | "let" | "find" | "get" | "grab" | "fetch")
            ) || (before == Some("for")
                && i >= 2
                && matches!(words[i - 2].as_str(), "out" | "up" | "find" | "check"))
        }
        // "will I see the northern lights", "till I can play", "how big
        // a turkey should we get"; in a question within the sentence,
        // "how often I should water it" (but "somewhere I can send a
        // link" is a place of ours).
        "i" | "we" => {
            matches!(after, Some("wonder" | "need"))
                || (matches!(after, Some("should" | "must" | "can" | "could"))
                    && words[..i]
                        .iter()
                        .any(|w| ASKING_WORDS.contains(&w.as_str())))
                || matches!(
                    before,
                    Some(
                        "am" | "can"
                            | "could"
                            | "do"
                            | "should"
                            | "will"
                            | "would"
                            | "when"
                            | "if"
                            | "once"
                            | "while"
                            | "before"
                            | "after"
                            | "till"
                            | "until"
                    )
                )
        }
        _ => false,
    }
}

/// Whether the "you" at `i` is anyone: "how do you say …", "whether you
/// must book", "beans you can buy", "do you have to tip".
fn anyone(words: &[String], i: usize) -> bool {
    let before = i.checked_sub(1).map(|b| words[b].as_str());
    let after = words.get(i + 1).map(String::as_str);
    (before == Some("do") && i >= 2 && words[i - 2] == "how")
        || matches!(before, Some("let" | "lets" | "allow" | "allows"))
        || matches!(after, Some("must" | "can" | "could" | "should"))
        || (matches!(after, Some("need" | "have")) && words.get(i + 2).is_some_and(|w| w == "to"))
}

/// Whether a word of the need is of one shape (a path, a commit id, …).
type WordShape = fn(&str) -> bool;

/// Words that name a kind of thing by their shape, and the hint each adds.
const WORD_HINTS: &[(WordShape, &str)] = &[
    (is_path, "file"),
    (is_branch, "branch"),
    (is_commit_id, "revision"),
    (is_code_name, "symbol"),
    (is_channel, "channel message"),
    (is_web_address, "url"),
    (is_flag, "shell command"),
];

/// Shorthand a need may use for words the catalogs spell out.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("abt", "about"),
    ("appt", "appointment"),
    ("cal", "calendar"),
    ("convo", "conversation"),
    ("db", "database"),
    ("dbs", "databases"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("dm", "direct message"),
    ("dms", "direct messages"),
    ("fri", "friday"),
    ("gcal", "google calendar"),
    ("gdoc", "google doc"),
    ("gdocs", "google docs"),
    ("gdrive", "google drive"),
    ("gh", "github"),
    ("gsheet", "google sheet"),
    ("gsheets", "google sheets"),
    ("msg", "message"),
    ("msgs", "messages"),
    ("mtg", "meeting"),
    ("mtgs", "meetings"),
    ("nite", "night"),
    ("opp", "opportunity"),
    ("opps", "opportunities"),
    ("ppl", "people"),
    ("pw", "password"),
    ("rn", "right now"),
    ("sfdc", "salesforce"),
    ("thu", "thursday"),
    ("thurs", "thursday"),
    ("tkt", "ticket"),
    ("tmr", "tomorrow"),
    ("tmrw", "tomorrow"),
    ("tue", "tuesday"),
    ("tues", "tuesday"),
    ("u", "you"),
    ("w", "with"),
    ("wat", "what"),
    ("wen", "when"),
    ("whats", "what's"),
    ("wheres", "where's"),
    ("whos", "who's"),
    ("wk", "week"),
    ("wknd", "weekend"),
    ("wks", "weeks"),
    ("yday", "yesterday"),
    ("yr", "year"),
    ("yrs", "years"),
];

/// Formal and office words and the plain ones the catalogs use: "kindly
/// amend the limit", "ascertain whether", "lodged in Confluence", "the
/// delta since my last commit"; and "actualize" and "enterprise", which a
/// speaker of a Romance language may write for "update" and "company".
/// Not "compose": `docker compose` is a name.
const FORMAL: &[(&str, &str)] = &[
    ("actualise", "update"),
    ("actualised", "updated"),
    ("actualize", "update"),
    ("actualized", "updated"),
    ("advise", "tell"),
    ("amend", "edit"),
    ("amended", "edited"),
    ("ascertain", "find out"),
    ("convey", "tell"),
    ("correspond", "write"),
    ("delta", "diff"),
    ("enterprise", "company"),
    ("inform", "tell"),
    ("lodge", "file"),
    ("lodged", "filed"),
    ("retrieve", "get"),
    ("retrieved", "fetched"),
    ("transmit", "send"),
    ("transmitted", "sent"),
];

/// The need with its shorthand spelt out ([`ABBREVIATIONS`], in any case:
/// `GDoc`, `DB`), its formal verbs in plain words ([`FORMAL`]) and each
/// word that `misspelt` reads as another word replaced by it. Only plain
/// words are read as formal or misspelt: letters alone (edge punctuation
/// aside), in lower case or capitalised. Paths, addresses, identifiers
/// (`accountId`) and acronyms (`TODO`) stay as written.
pub fn respelt<'a>(need: &'a str, misspelt: impl Fn(&str) -> Option<String>) -> Cow<'a, str> {
    let mut changed = false;
    let words: Vec<Cow<'_, str>> = need
        .split_whitespace()
        .map(|word| {
            let core = word.trim_matches(|c: char| !c.is_alphanumeric());
            // `db/` is a folder named db, not a database.
            if core.is_empty()
                || !core.chars().all(|c| c.is_ascii_alphabetic())
                || word.contains('/')
            {
                return Cow::Borrowed(word);
            }
            let plain = core.chars().skip(1).all(|c| c.is_ascii_lowercase());
            let lower = core.to_ascii_lowercase();
            let read = ABBREVIATIONS
                .iter()
                .find(|(short, _)| *short == lower)
                .map(|(_, long)| (*long).to_owned())
                .or_else(|| {
                    if !plain {
                        return None;
                    }
                    FORMAL
                        .iter()
                        .find(|(formal, _)| *formal == lower)
                        .map(|(_, read)| (*read).to_owned())
                        .or_else(|| misspelt(&lower))
                });
            match read {
                Some(read) => {
                    changed = true;
                    Cow::Owned(word.replacen(core, &read, 1))
                }
                None => Cow::Borrowed(word),
            }
        })
        .collect();
    if changed {
        Cow::Owned(words.join(" "))
    } else {
        Cow::Borrowed(need)
    }
}

/// Hidden files a need may say aloud: "what's in dot env".
const SPOKEN_DOTFILES: &[&str] = &["env", "gitignore", "bashrc", "zshrc", "npmrc"];

/// The need with file names said aloud written as files: "config dot
/// yaml" → `config.yaml`, "what's in dot env" → `.env`, as a dictated
/// need spells them. Only before a file extension (or, for a hidden file,
/// after a word that names nothing), so "connect the dots" and "Dot's
/// notes" stay as they are.
pub fn spoken(need: &str) -> Cow<'_, str> {
    let is_dot = |w: &str| w.eq_ignore_ascii_case("dot");
    let words: Vec<&str> = need.split_whitespace().collect();
    if !words.iter().any(|w| is_dot(w)) {
        return Cow::Borrowed(need);
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut rest = words.iter().copied().peekable();
    while let Some(word) = rest.next() {
        let ext = rest
            .peek()
            .map(|n| n.trim_end_matches(|c: char| ",;:!?.".contains(c)))
            .filter(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphabetic()))
            .map(str::to_ascii_lowercase);
        let (Some(ext), true) = (ext, is_dot(word)) else {
            out.push(word.to_owned());
            continue;
        };
        let before = out.last_mut().filter(|b| {
            !is_stop_word(&b.to_lowercase())
                && b.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./~".contains(c))
        });
        match before {
            Some(name) if FILE_EXTENSIONS.contains(&ext.as_str()) => {
                name.push('.');
                name.push_str(rest.next().unwrap_or_default());
            }
            None if SPOKEN_DOTFILES.contains(&ext.as_str()) => {
                out.push(format!(".{}", rest.next().unwrap_or_default()));
            }
            _ => out.push(word.to_owned()),
        }
    }
    Cow::Owned(out.join(" "))
}

/// Slang verbs that change a thing when "about with" it ("mucking about
/// with the config"), for [`IDIOMS`]. A macro, so [`CHANGED`] can hold
/// them too without writing them twice.
macro_rules! messed {
    () => {
        "faffed|faffing|mucked|mucking|messed|messing|fiddled|fiddling|tinkered|tinkering"
    };
}
const MESSED: &str = messed!();

/// Verbs, British slang among them, that say a thing was changed, for
/// [`IDIOMS`].
const CHANGED: &str = concat!(
    "change|changed|changing|modified|modifying|touched|touching|edited|editing|",
    messed!()
);

/// Verbs that say a text holds a word, for [`IDIOMS`]: "every line that
/// mentions 'timeout'" is a search of contents.
const MENTIONING: &str = "mention|mentions|mentioning|containing|contains";

/// Times of day said the British way ("my half nine", "quarter past
/// ten"): the hour, for [`IDIOMS`].
const HOURS: &str = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";

/// Words for a folder, for [`IDIOMS`]: "the size of the vendor folder".
const FOLDERS: &str = "folder|folders|directory|directories|dir|repo";

/// Phrases whose words say nothing alone, and the word they mean: "drop
/// Priya a line" is an email, "my second brain" a notes app, "what does
/// the LICENSE say" a read. `*` stands for one to three words, `**` for
/// up to six, `?` for at most one, and `a|b` for either word.
const IDIOMS: &[(&[&str], &str)] = &[
    (&["one", "on", "one"], "meeting"),
    (&["1", "on", "1"], "meeting"),
    (&["drop", "*", "a", "?", "line"], "email"),
    (&["shoot", "*", "a", "?", "note"], "email"),
    (&["second", "brain"], "notes"),
    (&["push", "*", "back"], "reschedule"),
    (&["set", "up", "a", "?", "meeting"], "schedule"),
    (&["set", "up", "a", "?", "call"], "schedule"),
    (
        &[
            "my|the",
            "day|week|morning|afternoon|evening",
            "look|looks|looking",
        ],
        "schedule",
    ),
    // "where did I put the compose file", "where did I save my draft",
    // "lost track of where I put the template".
    (&["where", "did", "i|we", "put|save|store|keep"], "find"),
    (&["where", "i|we", "put|saved|stored|kept"], "find"),
    // "where on earth is the template I saved": a file kept somewhere.
    (
        &[
            "where",
            "?",
            "?",
            "is|are|s",
            "**",
            "i|we",
            "saved|stored|filed",
        ],
        "find files",
    ),
    (&["by", "whom"], "author"),
    (&["did", "i", "?", "tell", "you"], "remember"),
    // "we talked about a caching library", "what we discussed about".
    (&["we", "talked|discussed|chatted", "about"], "remember"),
    (&["when|time", "we", "talked|chatted|spoke"], "remember"),
    (&["have", "i", "?", "told", "you"], "remember"),
    (&["into", "main"], "merge"),
    (&["into", "master"], "merge"),
    (&["is", "there", "*", "file"], "find"),
    // Asked, "does it still say", is a read; told, "it still says 2023",
    // a fix.
    (&["still", "say|saying"], "read"),
    (&["still", "says"], "edit"),
    // "the README still mentions Python 3.8": told, a fix.
    (&["still", "mentions|references"], "edit"),
    (&["what", "does", "*", "say"], "read"),
    (&["what", "*", "says"], "read"),
    // "what is", "what's" (its tokens: what, s), "what was".
    (&["what", "?", "written", "in"], "read"),
    (&[MESSED, "about|around", "with"], "changed"),
    (&["which|what", "files", "*", CHANGED], "status"),
    (&["who", "?", "been", CHANGED], "author"),
    (&["who", CHANGED], "author"),
    (&["who", "has|have|had|just|last|else", CHANGED], "author"),
    (&["who", "introduced|broke|rewrote|refactored"], "author"),
    (
        &["commit|change", "that|which", "introduced|broke|caused"],
        "history",
    ),
    (&["saved", "in|to", "git"], "commit"),
    (&["track", "down"], "find"),
    // git's commands that no tool of ours stands for are the shell's.
    (
        &[
            "git",
            "revert|stash|rebase|reset|cherry|bisect|checkout|switch|restore|clean|pull|clone|fetch|reflog",
        ],
        "shell command",
    ),
    (&["check|look|search", "online"], "search"),
    (&["opening", "time|times|hours"], LOOK_UP_ONLINE),
    // Terse look-ups with no question's form: "half marathon world record
    // women", "sunrise time Reykjavik", "convert 350F to Celsius", "visa
    // rules Vietnam"; "sunset the old endpoint" is no time of day.
    (&["world", "record|records"], LOOK_UP_ONLINE),
    (
        &[
            "sunrise|sunset",
            "time|times|in|at|on|today|tonight|tomorrow",
        ],
        LOOK_UP_ONLINE,
    ),
    (&["celsius|fahrenheit"], LOOK_UP_ONLINE),
    (
        &["visa|visas", "rules|requirements|requirement|needed|free"],
        LOOK_UP_ONLINE,
    ),
    // A program's crash is told in its logs.
    (&["stack", "trace|traces"], "log"),
    // "nba scores last nite": a league's or a sport's results.
    (
        &[
            "nba|nfl|nhl|mlb|mls|epl|wnba|league|football|soccer|cricket|rugby|tennis|baseball|basketball|hockey",
            "score|scores|result|results|standings|fixtures",
        ],
        LOOK_UP_ONLINE,
    ),
    // The agent's own doings are in the audit: "what did you do on my
    // computer yesterday".
    (&["what", "did|have", "you", "do|done"], "audit"),
    (&["a|the", "new", "file"], "write"),
    (&["add|adding", "a|an", "?", "file"], "write"),
    (&["look", "it|that|this", "up"], "search"),
    (
        &["look", "up", "whether|if|how|what|when|where|who|the|a"],
        LOOK_UP_ONLINE,
    ),
    (&["line|lines", "**", MENTIONING], "grep"),
    (&["which|what", "files", "**", MENTIONING], "grep"),
    (&["every|all|each", "mention|mentions", "of"], "grep"),
    // "find every place that still imports it".
    (
        &[
            "every|each|any",
            "place|places|spot|spots",
            "**",
            "imports|import|uses|calls|references",
        ],
        "grep",
    ),
    // The search program named as the verb: "grep the repo for …" among
    // the need's other words; "content" tips it from finding files to
    // searching inside them.
    (&["grep|greps|grepping|ripgrep|rg"], "grep content"),
    // Other programs named as the verb: "ls src/", "vim the .env".
    (&["ls"], "list files"),
    (
        &[
            "open",
            "?",
            "license|licence|readme|changelog|notice|contributing|makefile|dockerfile",
        ],
        "read",
    ),
    (&["tail", "the|a|an|my|our|that|this"], "shell command"),
    (&["sed"], "edit"),
    (
        &["vim|vi|nano|emacs", "the|a|an|my|our|your|this|that|it|its"],
        "edit",
    ),
    (&["you", "?", "got|have", "access", "to"], "connectors"),
    // A repository's story is its history (as German and Romance
    // languages have one word for both).
    (
        &[
            "story",
            "of",
            "the|this|my|our",
            "repo|repository|branch|project|commits",
        ],
        "history",
    ),
    (&["across|around", "the", "web|internet"], "search"),
    // The shell's `touch`, as a developer says it.
    (&["touch", "a|an", "new|empty"], "create"),
    (&["half", HOURS], "date"),
    (&["quarter", "past|to", HOURS], "date"),
    (&[HOURS, "till|until|til", HOURS], "date"),
    (
        &[
            "block",
            "out|off",
            "?",
            "?",
            "morning|afternoon|evening|day|days|hour|hours|time|slot|week",
        ],
        "schedule",
    ),
    // The agent addressed as several: "I need three of you on this".
    (
        &["two|three|four|five|several|multiple|both", "of", "you"],
        "agents",
    ),
    (
        &[
            "word",
            "doc|docs|document|documents|file|files|version|copy|memo|memos|report|reports|letter|letters",
        ],
        "docx",
    ),
    // "didn't" is the tokens didn, t.
    (&["did|didn", "?", "i", "?", "mention"], "remember"),
    (
        &[
            "where",
            "s|is|are",
            "the|my|that|this",
            "?",
            "file|files|presentation|presentations|slides|deck|pdf|dockerfile|makefile",
        ],
        "find files",
    ),
    (
        &[
            "difference|differences|different",
            "between",
            "?",
            "branch|main|master|head",
        ],
        "diff",
    ),
    // Indian English: "what all changes I have done", "who all have
    // committed", "one new file has to be made".
    (&["changes", "i", "?", "?", "done|did|made"], "status"),
    (&["haven|hasn|didn", "t", "?", "committed"], "status"),
    (&["haven|hasn|didn", "t", "?", "pushed"], "push"),
    (&["files", "**", "not", "?", "committed"], "status"),
    (&["who", "?", "?", "committed"], "author"),
    (
        &["file|document|page|folder", "?", "?", "be", "made|created"],
        "create",
    ),
    // Whether tests pass is learnt by running them.
    (
        &[
            "tests",
            "?",
            "fail|fails|failing|pass|passes|passing|green|red|timing|hanging|hang|hangs",
        ],
        "run",
    ),
    (&["raised|lowered|increased|decreased", "to"], "edit"),
    (&["tidy|tidying", "up"], "edit"),
    (&["merged|merging", "*", "into"], "merge"),
    // The problem told instead of the fix. Someone who has not heard is
    // told, most often by email.
    (
        &["still", "doesn|don|hasn|haven", "t", "know|heard"],
        "email",
    ),
    (
        &["only", "on", "this|my", "machine|laptop|computer"],
        "push",
    ),
    (
        &["never", "left", "this|my", "machine|laptop|computer"],
        "push",
    ),
    (
        &[
            "which|what",
            "modules|files|classes|services|packages",
            "?",
            "import|imports|use|uses|call|calls",
        ],
        "usages",
    ),
    (&["going", "rate|rates"], "search"),
    // What a code, a term or an error means is looked up.
    (&["what", "does|do", "**", "mean"], LOOK_UP_ONLINE),
    // "set max_workers from 4 to 8": a value changed where it is written.
    (&["set", "**", "from", "?", "to"], "edit"),
    // "change the title to say welcome back": words rewritten.
    (&["change|reword", "**", "to", "say|read"], "edit"),
    // Apps named by their kind, not their brand.
    (&["to", "do", "app|apps|list|lists|board|boards"], "tasks"),
    (
        &["project|issue|issues|task|bug", "tracker|tracking"],
        "tasks",
    ),
    // A project's version history, or a module's history, is its commits.
    (&["version", "history"], "commits"),
    // "when was the rate limiter added": what came and went in the code.
    (
        &["when", "was|were", "**", "added|removed|deleted"],
        "commits",
    ),
    (
        &[
            "history",
            "of",
            "**",
            "module|modules|file|files|function|class|folder|repo|repository|codebase",
        ],
        "commits",
    ),
    // A machine pinged is a shell command; a person pinged is messaged.
    (
        &[
            "ping",
            "**",
            "server|servers|host|hosts|machine|box|router|ip",
        ],
        "shell command",
    ),
    (&["headlines"], LOOK_UP_ONLINE),
    (&["stamp|stamps|postage"], LOOK_UP_ONLINE),
    // Where our code does a thing, or sets a value, is found in its text.
    (
        &[
            "where",
            "is|are|s",
            "**",
            "set|defined|configured|declared",
            "in",
        ],
        "grep",
    ),
    (
        &[
            "where",
            "do|does",
            "we|i|you",
            "load|define|parse|call|handle|initialise|initialize|register|import|validate",
        ],
        "grep",
    ),
    (
        &[
            "where",
            "**",
            "get|gets|got|is|are|s",
            "loaded|read|parsed|handled|initialised|initialized|registered|imported|validated",
        ],
        "grep",
    ),
    // A parcel is tracked on the carrier's site.
    (
        &["track|trace", "?", "?", "parcel|package|shipment|delivery"],
        LOOK_UP_ONLINE,
    ),
    (
        &["too", "big|much|many|large", "?", "?", "?", "for", "one"],
        "agents",
    ),
    (&["one", "pair", "of", "hands"], "agents"),
    (
        &["agent|agents|helper|helpers", "for|per", "each|every"],
        "agents",
    ),
    (&["on", "top", "of", "main|master|develop|head"], "diff"),
    // "show me exactly what I'm about to send".
    (
        &[
            "what",
            "i|we",
            "?",
            "about",
            "to",
            "push|send|commit|ship|merge",
        ],
        "diff",
    ),
    // Swap as a noun is the machine's memory; "swap the port" is an edit.
    (&["much|free|of|using", "swap"], "shell command"),
    // The company's own knowledge, not the web's.
    (&["knowledge", "base|bases"], "internal"),
    (
        &[
            "compared|compare",
            "to|with|against",
            "main|master|develop|head",
        ],
        "diff",
    ),
    (&["listening|listens", "on", "port|ports"], "run"),
    (
        &[
            "kick",
            "off",
            "**",
            "test|tests|build|builds|job|jobs|suite",
        ],
        "run",
    ),
    // The branch checked out: "which branch am I on", "the branch we're on".
    (&["branch", "am|are", "i|we", "on"], "status"),
    (&["branch", "i|we", "m|re|are", "on"], "status"),
    // "the deploy script, what does it actually do": read it to say.
    (
        &[
            "script|file|function|module|class|method|config|job",
            "**",
            "what",
            "does",
            "it|this|that",
            "?",
            "do",
        ],
        "read",
    ),
    // Text that is out of date, to be fixed where it is written.
    (&["out", "of", "date", "**", "fix|correct"], "edit"),
    // What a program printed is seen by running it.
    (
        &[
            "output|warnings|errors",
            "**",
            "job|build|compiler|profiler|linter|script",
        ],
        "run",
    ),
    (
        &[
            "job|build|compiler|profiler|linter|script",
            "output|prints|printed",
        ],
        "run",
    ),
    (&["conversation|chat", "about"], "remember"),
    (&["from", "last", "time"], "remember"),
    // A disk's free space is the shell's `df`.
    (
        &["partition|disk|volume", "?", "?", "full|space"],
        "shell command",
    ),
    // A folder's size is the shell's `du`.
    (&["size", "of", "**", FOLDERS], "shell command"),
    (&["rename|move", "**", FOLDERS], "shell command"),
    (&["how", "big|large", "**", FOLDERS], "shell command"),
    // Terse: "contents of setup.cfg", "all the .proto files", "every
    // TODO in src", "commits by Ana".
    (&["content|contents", "of"], "read"),
    (&["all|every", "the", "*", "files"], "find"),
    (
        &[
            "todo|todos|fixme|fixmes",
            "in|across",
            "?",
            "src|code|codebase|repo|source|project",
        ],
        "grep",
    ),
    (&["commits", "*", "by"], "author"),
    (&["what", "did", "i", "?", CHANGED], "status"),
    // The world asked about in words `asks_the_world` does not catch: a
    // question that also names the asker ("who won the cup, I forget"),
    // and phrases that are no question (who leads a company, a rate, an
    // end of life, papers on a subject, the cheapest, travel fares).
    (&["who", "won|wins"], LOOK_UP_ONLINE),
    (
        &[
            "holds|hold|held|broke|broken|beat|beaten",
            "the",
            "?",
            "record|records",
        ],
        LOOK_UP_ONLINE,
    ),
    (
        &[
            "ceo|cto|cfo|president|founder|founders|mayor|capital|population",
            "of",
        ],
        LOOK_UP_ONLINE,
    ),
    (
        &["exchange|mortgage|interest|inflation", "rate|rates"],
        LOOK_UP_ONLINE,
    ),
    (&["end", "of", "life"], LOOK_UP_ONLINE),
    (&["still", "supported|maintained"], LOOK_UP_ONLINE),
    (&["papers|articles|studies", "on|about"], LOOK_UP_ONLINE),
    (
        &["best|top", "?", "budget|cheap|affordable|rated"],
        LOOK_UP_ONLINE,
    ),
    (&["cheapest"], LOOK_UP_ONLINE),
    (
        &[
            "train|trains|bus|coach|ferry|plane|flight|flights|concert",
            "ticket|tickets|fare|fares|times|timetable",
        ],
        LOOK_UP_ONLINE,
    ),
];

/// Ways to say a thing is not there, which make a named file one to write.
const LACKING: &[&[&str]] = &[
    &["has|have", "no"],
    &["doesn|don|hasn|haven", "t", "have|got"],
    &["there", "s|is", "no"],
    &["missing|lacks"],
];

/// Creating, in any voice ("create notes.md", "notes.md is to be
/// created"), which makes a named file one to write.
const CREATING: &[&str] = &["create|created|creating"];

/// A value put back as it was, or made one, which makes a named file one
/// to edit: "put django back to 4.2 in requirements.txt", "make the
/// timeout in settings.yaml 30 seconds", "switch the log level in
/// appsettings.json from Debug to Warning".
const SETTING: &[&[&str]] = &[
    &["back", "to"],
    &["make|set|bump", "the", "**", "in"],
    &["make|set|bump|raise|lower", "it|this|that|them", "to"],
    &["replace", "**", "with"],
    &[
        "switch|switched|change|changed|flip|flipped",
        "**",
        "from",
        "*",
        "to",
    ],
];

/// Asking whether something holds, or what stands written ("what's in
/// .env.example"), which makes a named file one to read ("control … if"
/// and "what stands in" are how a German speaker may say it).
const INSPECTING: &[&[&str]] = &[
    &["check|checked|verify|verified|control", "**", "whether|if"],
    &["written|stands", "in"],
    &["what", "s|is", "in|inside"],
];

/// Whether every word `pattern` needs is `present`: a few look-ups that
/// rule out nearly every idiom before [`says`] walks the need for it.
fn may_say(present: &HashSet<&str>, pattern: &[&str]) -> bool {
    pattern
        .iter()
        .filter(|p| !matches!(**p, "*" | "**" | "?"))
        .all(|p| p.split('|').any(|alt| present.contains(alt)))
}

/// Whether `words` hold `pattern` (see [`IDIOMS`]) somewhere.
fn says(words: &[String], pattern: &[&str]) -> bool {
    said_at(words, pattern).is_some()
}

/// Where `pattern` (see [`IDIOMS`]) first starts in `words`.
fn said_at(words: &[String], pattern: &[&str]) -> Option<usize> {
    fn at(words: &[String], pattern: &[&str]) -> bool {
        match pattern.split_first() {
            None => true,
            Some((&wild @ ("*" | "**" | "?"), rest)) => {
                let skips = match wild {
                    "*" => 1..=3,
                    "**" => 0..=6,
                    _ => 0..=1,
                };
                skips
                    .into_iter()
                    .any(|k| k <= words.len() && at(&words[k..], rest))
            }
            Some((p, rest)) => {
                words
                    .first()
                    .is_some_and(|w| p.split('|').any(|alt| alt == w))
                    && at(&words[1..], rest)
            }
        }
    }
    (0..words.len()).find(|&i| at(&words[i..], pattern))
}

/// Words before a day that make it a date: "next monday", "due friday".
const DATE_LEADS: &[&str] = &[
    "on", "next", "this", "every", "each", "by", "for", "until", "till", "last", "coming", "due",
    "before", "after",
];

/// Words that name a day relative to today (or, with `'s`, its things).
const RELATIVE_DAYS: &[&str] = &["tomorrow", "tonight"];

/// A word without a possessive `'s` (straight or curly), and whether it
/// had one: "Monday's" → ("monday", true).
fn possessive(word: &str) -> (&str, bool) {
    ["'s", "\u{2019}s"]
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .map_or((word, false), |w| (w, true))
}

/// Words after a day that make it a date: "monday 9am", "friday afternoon".
const DATE_TAILS: &[&str] = &[
    "at",
    "morning",
    "afternoon",
    "evening",
    "night",
    "noon",
    "eod",
    "am",
    "pm",
];

/// The need without the days it names as dates, and whether there were
/// any: "add it to the calendar for monday 9am" needs a calendar, not
/// monday.com, so the day gives way to a "(date)" hint. A day that is not
/// a date ("our monday board") stays; a day of the month ("the 14th") or a
/// day named from today ("tomorrow", "next week") only adds the hint.
fn without_dates(need: &str) -> (Cow<'_, str>, bool) {
    let words: Vec<&str> = need.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let is_time = |w: &str| {
        let w = bare(w);
        DATE_TAILS.contains(&w.as_str()) || w.starts_with(|c: char| c.is_ascii_digit())
    };
    let is_date = |i: usize| {
        let word = bare(words[i]);
        let (day, owned) = possessive(&word);
        // "Monday's planning" is that day's, as "tomorrow's" is; "open on
        // Mondays" names the day, never monday.com.
        let plural = day.strip_suffix('s').is_some_and(|d| WEEKDAYS.contains(&d));
        plural
            || (WEEKDAYS.contains(&day)
                && (owned
                    || i.checked_sub(1)
                        .is_some_and(|p| DATE_LEADS.contains(&bare(words[p]).as_str()))
                    || words.get(i + 1).is_some_and(|n| is_time(n))))
    };
    // "the 14th", "June 3", "tomorrow", "next week": dated, and nothing
    // to take out.
    let dates_in_place = |i: usize| {
        let w = bare(words[i]);
        is_ordinal_day(&w)
            || RELATIVE_DAYS.contains(&possessive(&w).0)
            || ["next", "this"].contains(&w.as_str())
                && words
                    .get(i + 1)
                    .is_some_and(|n| ["week", "month"].contains(&bare(n).as_str()))
            || MONTHS.contains(&w.as_str())
                && [i.wrapping_sub(1), i + 1]
                    .iter()
                    .any(|&j| words.get(j).is_some_and(|n| is_day_number(&bare(n))))
    };
    let dates: Vec<bool> = (0..words.len()).map(is_date).collect();
    if !dates.contains(&true) {
        return (Cow::Borrowed(need), (0..words.len()).any(dates_in_place));
    }
    let kept: Vec<&str> = words
        .iter()
        .zip(&dates)
        .filter(|(_, date)| !**date)
        .map(|(w, _)| *w)
        .collect();
    (Cow::Owned(kept.join(" ")), true)
}

/// "3pm", "10:30", "9.15am": a time of day, as a clock says it (a bare
/// number is not one).
fn is_time_of_day(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    let suffixed = w.strip_suffix("am").or_else(|| w.strip_suffix("pm"));
    let clock = suffixed.unwrap_or(&w);
    let (hour, minutes) = match clock.split_once([':', '.']) {
        Some((h, m)) => (h, Some(m)),
        None => (clock, None),
    };
    let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    digits(hour, 1..=2)
        && minutes.is_none_or(|m| digits(m, 2..=2))
        && (suffixed.is_some() || minutes.is_some())
}

/// "14th", "1st", "22nd": a day of the month.
fn is_ordinal_day(w: &str) -> bool {
    ["st", "nd", "rd", "th"]
        .iter()
        .any(|s| w.strip_suffix(s).is_some_and(is_day_number))
}

/// 1 to 31, the days a month can have ("june 3", "3 june").
fn is_day_number(w: &str) -> bool {
    w.len() <= 2 && w.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d))
}

/// A word without the quotes, brackets and punctuation at its edges:
/// `"notes.txt".` → `notes.txt`, while `./x` keeps its slash.
fn trim_edges(word: &str) -> &str {
    word.trim_matches(|c: char| "\"'`()[]{}<>,;:!?.".contains(c))
}

/// The prefixes branch names are commonly given: `feature/login`.
const BRANCH_PREFIXES: &[&str] = &[
    "feature", "feat", "fix", "bugfix", "hotfix", "release", "chore", "topic",
];

/// `feature/login`, `hotfix/1.2.3`: a branch named the usual way, one
/// slash after a known prefix (a path has more, or an extension).
fn is_branch(word: &str) -> bool {
    let w = trim_edges(word);
    w.split_once('/').is_some_and(|(prefix, name)| {
        BRANCH_PREFIXES.contains(&prefix.to_ascii_lowercase().as_str())
            && name.starts_with(char::is_alphanumeric)
            && !name.contains('/')
            && !is_path(w)
    })
}

/// `3f9c2ab`, a full 40-digit sha: a commit named by its id. Seven to
/// forty hex digits with both a digit and a letter among them, so that
/// neither a number (`884221`) nor a word (`deadbeef`, `facade`) is one.
fn is_commit_id(word: &str) -> bool {
    let w = trim_edges(word);
    (7..=40).contains(&w.len())
        && w.chars().all(|c| c.is_ascii_hexdigit())
        && w.chars().any(|c| c.is_ascii_digit())
        && w.chars().any(|c| c.is_ascii_alphabetic())
}

/// `parse_invoice`, `parseInvoice`, `render()`: a name in code. Snake
/// case needs a letter on each side of an underscore; camel case two
/// lower-case letters, then an upper-case one and a lower-case one, so
/// `iPhone`, `eBay` and `macOS` are brands, not code.
fn is_code_name(word: &str) -> bool {
    // Not `trim_edges`: it would take the `()` off `render()`.
    let w = word.trim_matches(|c: char| "\"'`([{<>}],;:!?.".contains(c));
    let called = w.strip_suffix("()");
    let name = called.unwrap_or(w);
    let b = name.as_bytes();
    if b.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return false;
    }
    let snake = b
        .windows(3)
        .any(|t| t[0].is_ascii_alphabetic() && t[1] == b'_' && t[2].is_ascii_alphabetic());
    let camel = b.windows(4).any(|t| {
        t[0].is_ascii_lowercase()
            && t[1].is_ascii_lowercase()
            && t[2].is_ascii_uppercase()
            && t[3].is_ascii_lowercase()
    }) && b[0].is_ascii_lowercase();
    (called.is_some() && b[0].is_ascii_alphabetic()) || snake || camel
}

/// `https://…`, `http://…`, `www.…`, or a host and a path with no scheme
/// (`docs.rs/serde`, `github.com/org/repo`): a page on the web.
fn is_web_address(word: &str) -> bool {
    let w = word
        .trim_start_matches(|c: char| "\"'`(<[".contains(c))
        .to_ascii_lowercase();
    ["https://", "http://", "www."].iter().any(|p| {
        w.strip_prefix(p)
            .is_some_and(|rest| rest.starts_with(char::is_alphanumeric))
    }) || is_host_and_path(trim_edges(&w))
}

/// `docs.rs/serde`: a host (dotted labels, the last of letters) and a
/// path. A bare host is not enough: `monday.com` names a service, and
/// `notes.md` a file. A file has no path under it, so `x.rs/y` is a host.
fn is_host_and_path(w: &str) -> bool {
    let Some((host, path)) = w.split_once('/') else {
        return false;
    };
    let labels: Vec<&str> = host.split('.').collect();
    let tld = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && (2..=6).contains(&tld.len())
        && tld.chars().all(|c| c.is_ascii_alphabetic())
        && path.starts_with(char::is_alphanumeric)
}

/// `#general`, `#dev-ops`: a chat channel (not `#1`, `C#` or `#`).
fn is_channel(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| ",;:!?.".contains(c));
    w.strip_prefix('#').is_some_and(|name| {
        name.starts_with(char::is_alphabetic)
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

/// `-rf`, `--hard`: a command-line flag (not `-`, `--`, `-1` or a dash
/// between words).
fn is_flag(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| ",;:!?.".contains(c));
    let name = w.strip_prefix("--").or_else(|| w.strip_prefix('-'));
    name.is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

fn is_path(word: &str) -> bool {
    let w = trim_edges(word);
    if w.contains("://") || w.contains('@') || is_host_and_path(w) {
        return false;
    }
    let rooted = ["/", "./", "../", "~/"].iter().any(|r| {
        w.strip_prefix(r).is_some_and(|rest| {
            rest.trim_start_matches('.')
                .starts_with(char::is_alphanumeric)
        })
    });
    // Two slashes at least: "and/or" and "50/50" are not paths.
    let segments = w.split('/').filter(|s| !s.is_empty()).count();
    let last = w.rsplit('/').next().unwrap_or(w);
    let has_extension = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        stem.chars().any(char::is_alphanumeric)
            && FILE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    });
    rooted || segments >= 3 || has_extension || is_dotfile(word) || is_build_file(w)
}

/// Files named by convention with no extension (`Makefile`,
/// `Dockerfile`), a possessive `'s` aside.
const BUILD_FILES: &[&str] = &[
    "containerfile",
    "dockerfile",
    "gemfile",
    "jenkinsfile",
    "justfile",
    "makefile",
    "procfile",
    "rakefile",
    "vagrantfile",
];

fn is_build_file(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    BUILD_FILES.contains(&possessive(&lower).0)
}

/// `.env`, `.bashrc`, `.env.example`: a hidden file (not `.NET` or `...`).
fn is_dotfile(word: &str) -> bool {
    let w = word
        .trim_start_matches(|c: char| "\"'`([{<".contains(c))
        .trim_end_matches(|c: char| "\"'`)]}>,;:!?.".contains(c));
    w.strip_prefix('.').is_some_and(|name| {
        name.starts_with(char::is_alphabetic)
            && name.chars().any(char::is_lowercase)
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || "._-".contains(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The need's hints, the world question's aside (tested on its own in
    /// `questions_about_the_world_are_looked_up_online`).
    fn hints_of(need: &str) -> Cow<'_, str> {
        ranking_text(need, true)
    }

    #[test]
    fn quoted_spans_are_left_out() {
        assert_eq!(unquoted("who sings 'we built this city'?"), "who sings ?");
        assert_eq!(unquoted("say \u{201c}my plan\u{201d} twice"), "say  twice");
        assert_eq!(unquoted("what's Sam's 'plan"), "what's Sam's 'plan");
        assert_eq!(unquoted("it's 'a' and 'b'"), "it's  and ");
    }

    #[test]
    fn questions_about_the_world_are_looked_up_online() {
        for need in [
            "how tall is Mount Kilimanjaro",
            "what does a week in Porto cost",
            "how many pesos is ten dollars worth",
            "how much is a taxi to the airport",
            "when does the next iPhone come out",
            "so who directed Past Lives",
            "hey, quick question: is the Louvre open late",
            "find out whether the ferry runs in winter",
            "tell me who the mayor of Lyon is",
            "I wonder if it snows in Oslo in May",
            "can you check whether the museum is open",
            "do I need a visa for Chile",
            "who sings 'we built this city'",
            "how do you say thanks in Korean",
            "what are the rules for liquids at US airports",
            // asked without a question: a noun phrase, or a finding out
            "the recipe for a proper carbonara",
            "best time of year to visit Kyoto",
            "reviews of the new Pixel phone",
            "visa requirements for Brazilians",
            "need the lyrics to bohemian rhapsody",
            "compare the Kindle and the Kobo",
            "find me a hotel near Centraal",
            "distance from Paris to Marseille by car",
            "how long should I boil an egg",
            "rainfall in Bali in January",
            "history of the Eiffel Tower",
            "cheap flights to Tenerife",
            "nearest vet in Brighton",
            "dog friendly pubs near the Lake District",
            "something fun to do with the kids in Lisbon",
            "quiet cafes with wifi near King's Cross",
            "winter tyres worth buying for a Golf",
            // a verb of fetching first
            "give me the lowdown on the new EU AI Act",
            "pull up the stock price for Nvidia",
            "dig up the lyrics for Wonderwall",
            // a word of ours in its sense out there
            "figure out how much a return ticket to Oslo costs",
            "the world record for the 100 metres",
            "board games for a family of four",
            "the nearest service station on the M6",
            "good laptops for a student",
            "does the Eurostar allow bikes on board",
            // "you" as anyone
            "entry fee for the Alhambra and whether you must book ahead",
            "do you have to tip in Japan",
            // "my" in the asker's own life, "I" after "when" or "if"
            "why does my sourdough starter smell like acetone",
            "how much is my 2015 Corolla worth",
            "why does my knee click when I squat",
            "right tyre pressure for my road bike",
            // a phrase that asks
            "songs similar to Fleetwood Mac's Dreams",
            "difference between a latte and a flat white",
            // a noun's link word fifth
            "vegetarian restaurants open late in Bologna",
            // a table and a machine out there
            "what grit sandpaper for refinishing my oak table",
            "how to descale my Nespresso machine",
            "when was the Channel Tunnel opened",
            "the strongest coffee beans you can buy in supermarkets",
            "how many stamps for a letter to Australia from the UK",
            "anyone know if the Tate Modern is free",
            "walking routes along the Amalfi coast",
            "how much protein do I need to build muscle at 60",
            "which countries drive on the left",
            "does the new Kindle take SD cards",
            "what should I write in a sympathy card for a colleague",
            "how long the Channel ferry from Dover to Calais takes",
            "I get dizzy when I stand up fast. Should I be concerned?",
            "The gym wants a doctor's note. Do gyms usually ask for one?",
            // the scene set first, then the question
            "I'm allergic to cats but want a pet. Which breeds shed the least?",
            "Our fridge is humming loudly. Normal, or should I call someone?",
            "Someone told me octopuses have three hearts. True?",
            "Planning a trip to Iceland. Will I actually see the northern lights?",
            "Is it too late to learn piano, and how long till I can play something?",
            "Is it normal for a new car to smell like burning? We only just bought it.",
            "We're hosting 12 for Thanksgiving. How big a turkey should we get?",
            "Am I allowed to cut my neighbour's hedge in the UK?",
            "how do you get pine resin off your hands",
            "my kid's school has a measles case. what are the early signs?",
            "how long is the drive from Seattle to Vancouver",
            // a polite frame around the question
            "I was wondering how long a flight to Buenos Aires takes?",
            "Do you think oat milk is healthier than almond milk?",
            "Help me figure out whether a 65 inch TV fits on the wall.",
            "I'd like to know how deep the Mariana Trench is.",
            "I'd like a list of the Booker Prize winners",
            "Any chance you know who's playing at Glastonbury?",
            "i have a quick question, when does the ferry leave",
            "Could you please tell me how often I should water a fig?",
            "I'm hoping you can tell me the best season to visit Patagonia.",
            "Do you happen to know the dress code for the opera?",
            // the asker before the question within
            "I'm curious, how many moons does Jupiter have now?",
            "I've always wondered why cats purr.",
            "Sorry to bother you, but what's the dose of melatonin?",
            "Could you find out for me how long a licence is valid?",
            "if you get a chance, look into which e-bikes last longest",
            "I'm off to Kyoto in April and wondering if the blossoms will be out.",
            "Let me know if ibuprofen is okay on an empty stomach.",
            "I need to know the last date to post parcels to Canada",
            // "you" as anyone
            "which airlines let you bring a cat in the cabin?",
        ] {
            assert_eq!(
                ranking_text(need, false),
                format!("{need} (look up online)"),
                "{need}"
            );
        }
        for need in [
            // ours: who asks, our kinds of things, a connector's service
            "when is my dentist appointment",
            "did I leave anything unstaged",
            "what did you do yesterday",
            "check which version of python is installed",
            "who wrote the retry logic",
            "how many rows are in the customers table",
            "is the PR for the checkout bugs merged",
            "what's new in Jira",
            // shaped as ours: a path, a revision, a channel
            "what's in src/lib.rs",
            "who authored 9e8d7c6",
            "any news in #launch",
            "what calls parse_config",
            // not a question
            "book a table for two",
            "summarise the Kilimanjaro article",
            "run the migrations",
            "need to tag v2 and get it onto origin",
            // a noun phrase of ours
            "the text in the readme has a typo",
            "a Word copy of the offer letter",
            "the notes I took about the vendor",
            "have two helpers review the backend",
            "who wrote the first version of the cache",
            "show me the staged hunks",
            "give me the last five commits",
            "get me the Q3 numbers from the finance sheet",
            "is the card on the board",
            "you must book the room",
            "compare my work with what is committed",
            "why is my build so slow",
            "the difference between my branch and main",
            "which table did I drop",
            "which Rust toolchain does my setup use",
            "who's in my 3pm",
            // the scene set with a thing of ours; a question about us
            "I'm out sick today. Is the standup still on?",
            "I have a job interview for a product manager role",
            "did we talk about order 10023 before? I think I told you",
            "We agreed on a name a while ago. What was it?",
            "I mentioned my sister's allergy once. Which one was it?",
            // ours inside a polite frame
            "I was wondering what changed in the repo since yesterday?",
            "Do you think you could open a PR for this branch?",
            "Any chance you remember the name we picked?",
            "I'd like a list of everything assigned to Kim",
            "put a copy of the video somewhere I can send a link to",
            "the apps you can reach for me",
            // a question about us, or a conversation told
            "Did we decide where to go for the offsite?",
            "have you seen what I sent?",
            "I told you where the spare keys are",
            "I'm wondering if we talked about this before",
            "Let me know if the nightly build went green",
        ] {
            assert_eq!(ranking_text(need, false), hints_of(need), "{need}");
            assert!(!ranking_text(need, false).contains("online"), "{need}");
        }
        // A need that names one of our entries is about it.
        assert_eq!(
            ranking_text("how good is bash at loops", true),
            "how good is bash at loops"
        );
        assert_eq!(
            ranking_text("how good is bash at loops", false),
            "how good is bash at loops (look up online)"
        );
    }

    #[test]
    fn shorthand_is_spelt_out_and_misspellings_replaced() {
        let fix = |w: &str| (w == "calender").then(|| "calendar".to_owned());
        assert_eq!(
            respelt("whats on my Calender tmrw?", fix),
            "what's on my calendar tomorrow?"
        );
        assert_eq!(
            respelt("gh issue for the flaky test, next wk", fix),
            "github issue for the flaky test, next week"
        );
        // Texting shorthand.
        assert_eq!(
            respelt("add drinks to my cal fri 6pm, did i tell u?", fix),
            "add drinks to my calendar friday 6pm, did i tell you?"
        );
        assert_eq!(
            respelt("wen does it end this yr? ask ppl abt the wknd w me", fix),
            "when does it end this year? ask people about the weekend with me"
        );
        // Shorthand is a fixed list, so its case does not matter; an
        // acronym is never read as a misspelling.
        assert_eq!(
            respelt("GDoc 'Press release' and the DB, ASAP", fix),
            "google doc 'Press release' and the database, ASAP"
        );
        assert_eq!(respelt("CALENDER", fix), "CALENDER");
        // A folder keeps its name.
        assert_eq!(
            respelt("the scripts under db/, not in the db", fix),
            "the scripts under db/, not in the database"
        );
        // Formal verbs read as plain ones; an acronym that spells one
        // does not.
        assert_eq!(
            respelt("Kindly amend the limit, then Inform the team.", fix),
            "Kindly edit the limit, then tell the team."
        );
        assert_eq!(respelt("see ADVISE.md", fix), "see ADVISE.md");
        assert_eq!(
            respelt("the delta since Monday", fix),
            "the diff since Monday"
        );
        assert_eq!(
            respelt("please actualize the price of the enterprise", fix),
            "please update the price of the company"
        );
        // Nothing to read: the need itself, not a copy.
        assert!(matches!(respelt("open the readme", fix), Cow::Borrowed(_)));
    }

    #[test]
    fn only_plain_words_are_respelt() {
        let everything = |_: &str| Some("X".to_owned());
        for need in [
            "src/calender.rs",
            "db/",
            "/calender",
            "https://calender.example.com",
            "accountId",
            "TODO",
            "v2",
            "--",
            "",
        ] {
            assert_eq!(respelt(need, everything), need, "{need}");
        }
        assert_eq!(respelt("(calender),", everything), "(X),");
    }

    #[test]
    fn a_need_names_an_entry_with_every_specific_word() {
        let need = words("Write up the meeting notes in a Google Doc");
        assert!(names(&need, &name_words("google-docs")));
        assert!(names(&need, &name_words("meeting-notes")));
        assert!(!names(&need, &name_words("google-calendar")));
        let weekly = words("a weekly sync every Monday at 10");
        assert!(!names(&weekly, &name_words("monday")));
        assert!(names(
            &words("move my monday.com item"),
            &name_words("monday.com")
        ));
        assert!(names(&words("chart it"), &name_words("mcp-server-chart")));
        assert!(!names(&words("an mcp server"), &name_words("mcp-server")));
        assert!(!names(&need, &[]));
        assert!(names(
            &words("what's the git status"),
            &name_words("git_status")
        ));
    }

    #[test]
    fn days_named_as_dates_are_left_out() {
        for (need, want) in [
            (
                "add the kickoff to everyone's calendar for monday 9am",
                "add the kickoff to everyone's calendar for 9am (date)",
            ),
            ("a task due next Monday.", "a task due next (date)"),
            ("sync every Monday at 10", "sync every at 10 (date)"),
            ("am I free friday afternoon", "am I free afternoon (date)"),
            ("src/a.rs by friday", "src/a.rs by (file, date)"),
            ("the dentist on the 14th", "the dentist on the 14th (date)"),
            ("lunch on June 3, noon", "lunch on June 3, noon (date)"),
            ("due 1 march", "due 1 march (date)"),
            (
                "move my 1:1 to next week",
                "move my 1:1 to next week (date, meeting)",
            ),
            (
                "cancel Tomorrow's standup",
                "cancel Tomorrow's standup (date)",
            ),
            ("tonight\u{2019}s plan", "tonight\u{2019}s plan (date)"),
            ("drinks tonight?", "drinks tonight? (date)"),
            (
                "share the agenda for Monday's planning",
                "share the agenda for planning (date)",
            ),
            ("Friday\u{2019}s demo", "demo (date)"),
            // A weekday's plural is always the day.
            ("open on Mondays", "open on (date)"),
            ("I double-book Thursdays", "I double-book (date)"),
        ] {
            assert_eq!(hints_of(need), want, "{need}");
        }
        for need in [
            "create a task in monday for the launch",
            "mark the monday item as done",
            "add an item to our monday board",
            "monday",
            "",
            "the 40th run",
            "we may need 2 of them",
            "in 3 steps",
            "the next weekday run",
            "this month's invoices are in the month folder",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    #[test]
    fn idioms_say_what_they_mean() {
        for (need, want) in [
            ("when's my next one-on-one", "meeting"),
            ("book a 1:1 with Sam", "meeting"),
            ("drop Priya a line about it", "email"),
            ("drop the new hire a quick line", "email"),
            ("shoot the vendor a quick note", "email"),
            ("throw it into my second brain", "notes"),
            ("push the review meeting back by an hour", "reschedule"),
            ("where did I put the compose file", "find"),
            ("set up a meeting with the design team", "schedule"),
            ("set up a quick call with Ana", "schedule"),
            ("what does the LICENSE say", "read"),
            ("check what README.md says about setup", "file, read"),
            ("what's written in LICENSE", "read"),
            ("changed when, and by whom?", "author"),
            ("did I already tell you my timezone", "remember"),
            ("have I told you about Rex", "remember"),
            ("did hotfix-17 get folded into main", "merge"),
            ("is there already a file called NOTICE", "find"),
            ("does the guide still say 3.8", "read"),
            ("who's been mucking about with auth", "changed, author"),
            ("who has been editing the parser lately", "author"),
            ("which branch am I on", "status"),
            ("the branch we're on", "status"),
            ("the deploy script, what does it actually do", "read"),
            ("the intro is out of date, fix it", "edit"),
            ("draft a Word memo on leave", "docx"),
            ("my answer from last time about the dates", "remember"),
            ("who holds the world record for the mile", "look up online"),
            ("how's my day looking", "schedule"),
            ("who's in my 3pm", "meeting"),
            ("move my 10:30 to Friday", "meeting"),
            ("where's my presentation for the offsite", "find files"),
            ("is my home partition nearly full", "shell command"),
            ("why are my tests timing out on CI", "run"),
            ("where do we load the feature flags", "grep"),
            ("tail the worker's log", "shell command"),
            ("where is the retry count set in our client", "grep"),
            ("open LICENSE and tell me which licence it is", "read"),
            ("open the CONTRIBUTING guide", "read"),
            ("We talked about a caching library last week", "remember"),
            ("kick off the integration tests", "run"),
            ("what my branch adds on top of develop", "diff"),
            ("I was fiddling about with the config", "changed"),
            ("which files have I touched", "status"),
            ("what files did I change today", "status"),
            ("track down the old invoices", "find"),
            ("tell me the story of the repo so far", "history"),
            ("every line in the logs folder that mentions it", "grep"),
            ("which apps have you got access to?", "connectors"),
            ("undo it with git revert", "shell command"),
            ("check online whether it is open", "search"),
            ("move my half nine to eleven", "date"),
            ("is it quarter past four yet", "date"),
            ("prices across the web", "search"),
            ("touch an empty marker", "create"),
            ("who broke the nightly build", "author"),
            ("the commit that broke the build", "history"),
            ("get the tests green again", "run"),
            ("is it saved in git", "commit"),
            ("the call runs two till three", "date"),
            ("block out the afternoon for it", "schedule"),
            ("block off an hour for the review", "schedule"),
            ("I need three of you on these bugs", "agents"),
            ("the minutes as a Word doc", "docx"),
            ("didn't I mention the deposit", "remember"),
            ("did I ever mention my sister", "remember"),
            ("where's the file called compose", "find files"),
            ("the difference between my branch and main", "diff"),
            ("differences between main and this", "diff"),
            ("what all changes I have done", "status"),
            ("the changes I've made so far", "status"),
            ("who all have committed lately", "author"),
            ("one new file has to be made for it", "create"),
            ("a page needs to be created in the wiki", "create"),
            ("in case the tests fail", "run"),
            ("are the tests passing", "run"),
            ("which tests are failing", "run"),
            ("should the limit be raised to 500", "edit"),
            ("if I merged develop into it", "merge"),
            ("the footer still says 2023", "edit"),
            ("the landlord still doesn't know", "email"),
            ("the supplier still hasn't heard back", "email"),
            ("my work exists only on this laptop", "push"),
            ("it never left my machine", "push"),
            ("which modules still import the client", "usages"),
            ("the going rate for a translator", "search"),
            ("too many proposals for one agent", "agents"),
            ("too big for one pair of hands", "agents"),
            ("an agent for each of the services", "agents"),
            ("every mention of the old domain", "grep"),
            ("tidy up the imports", "edit"),
            ("which files I haven't committed yet", "status"),
            ("which of my files are not committed", "status"),
            ("the branches I haven't pushed yet", "push"),
            ("a Word version of the proposal", "docx"),
            ("today's headlines", "look up online"),
            ("what my branch changes compared to main", "diff"),
            ("who rewrote the cache", "author"),
            ("which processes are listening on port 80", "run"),
            ("the warnings the compiler prints", "run"),
            ("the output of the nightly job", "run"),
            ("the hottest functions in the profiler output", "run"),
            ("yesterday's conversation about pricing", "remember"),
            ("the size of the vendor folder", "shell command"),
            ("how big is the build folder", "shell command"),
            ("contents of setup.cfg", "file, read"),
            ("the history of utils.py", "file, commits"),
            ("all the .proto files", "file, find"),
            ("every TODO in the codebase", "grep"),
            ("commits since Friday by Ana", "author"),
            ("lol what did i even change today", "status"),
            ("grep the repo for the error message", "grep content"),
            ("where's the scan we filed in March", "find files"),
            ("where on earth is the template I saved", "find files"),
            ("who has modified the config", "author"),
            ("which is the content of notes", "read"),
            ("ls the handlers", "list files"),
            ("vim the config and flip it", "edit"),
            ("what rsync does, look it up", "search"),
            (
                "HTTP 429 since 9am, what does that status code usually mean",
                "look up online",
            ),
            ("change the title in index html to say hello", "edit"),
            ("add 'renew passport' to my to-do app", "tasks"),
            ("make the project tracker show it as at risk", "tasks"),
            ("the version history of the login page", "commits"),
            ("the history of the auth module", "commits"),
            ("when was the rate limiter added", "commits"),
            (
                "ping the staging server and see if it answers",
                "shell command",
            ),
            ("track the parcel with number 1Z999", "look up online"),
            ("track the parcel down", "look up online"),
            (
                "cfg/app.yaml: set max_workers from 4 to 8",
                "file, symbol, edit",
            ),
            ("rg for the old flag name", "grep content"),
            ("who changed the words", "author"),
            ("the opening hours of the library", "look up online"),
            ("half marathon world record women", "look up online"),
            ("sunrise time Reykjavik", "look up online"),
            ("convert 350F to Celsius", "look up online"),
            ("visa rules Vietnam UK passport", "look up online"),
            ("nba scores last night", "look up online"),
            ("premier league standings", "look up online"),
            ("get me the stack trace from the crash", "log"),
            (
                "who wrote the rate limiter in middleware/limits.go",
                "file, author",
            ),
            ("add a CODEOWNERS file for the infra team", "write"),
            ("where the Stripe keys get loaded in our backend", "grep"),
            ("which files in this repo mention the old name", "grep"),
            ("rename the utils folder to common", "shell command"),
            ("config/api.yml is too low, set it to 45", "file, edit"),
            ("the name we chose when we chatted before", "remember"),
            (
                "if you changed the port in server.py from 8000 to 8080",
                "file, edit",
            ),
            ("what's in the .env.example file", "file, read"),
            (
                "switch the log level in appsettings.json from Debug to Warning",
                "file, edit",
            ),
            ("look up whether the museum opens late", "look up online"),
            ("who won the 2022 world cup, I forget", "look up online"),
            ("the CEO of Acme", "look up online"),
            ("the population of Lagos", "look up online"),
            ("today's exchange rate for the rand", "look up online"),
            ("has Node 16 reached end of life", "look up online"),
            ("is jQuery still maintained", "look up online"),
            ("recent papers on vector search", "look up online"),
            ("the best budget headphones", "look up online"),
            ("top rated espresso machines", "look up online"),
            ("the cheapest hotel in Bergen", "look up online"),
            ("train times to Bath", "look up online"),
            ("what did you do yesterday", "audit"),
            ("type up a new file", "write"),
            ("where did I save my draft", "find"),
            ("I lost track of where I put the invoice template", "find"),
            ("the README still mentions Python 3.8", "edit"),
            ("show me exactly what I'm about to send", "diff"),
            ("how much swap is the box using", "shell command"),
            ("the escalation steps in our knowledge base", "internal"),
            ("find every place that still imports it", "grep"),
            (
                "Where's the Dockerfile for the worker service?",
                "file, find files",
            ),
            (
                "what's different between my branch and origin/main?",
                "diff",
            ),
            (
                "Replace every old_client with api_client in src/sync.py.",
                "file, symbol, edit",
            ),
        ] {
            assert_eq!(hints_of(need), format!("{need} ({want})"), "{need}");
        }
        for need in [
            "one more on one side",
            "drop a line from the file",
            "drop the first line",
            "drop the table and everything in it a line",
            "a second look at the brain scan",
            "page 1, line 1",
            "push back on the design",
            "bump the version to 1.1",
            "say what it does",
            "the story of the company's founder",
            "look up to her",
            "the line she mentioned",
            "you have access",
            "git log for the parser",
            "go online later",
            "set up the meeting room's projector screen",
            "what is written by Sam",
            "whom did I invite",
            "did you tell Sam",
            "log into mainframe",
            "is there a way to save this as a file",
            "say it still louder",
            "what files changed in v2",
            "who has been invited",
            "messing about in boats",
            "tinkering about in the shed",
            "track the cat down",
            "half the team",
            "a grape and an egg",
            "the rugby kit",
            "where to eat, I saved some money",
            "I saved it, where next?",
            "who has a modified car",
            "lots of vim and vigour",
            "look up to it",
            "what did you want to do",
            "the opening of the time capsule",
            "who is changing rooms",
            "a quarter of the files",
            "across the webcam",
            "touch a nerve",
            "who was introduced to Ana",
            "saved in the git folder",
            "two to three people",
            "block out the noise",
            "one of you can take it",
            "a word of warning",
            "I mention it in the doc",
            "where is the retry logic",
            "the difference between Asana and Trello",
            "apply the changes Sam made",
            "we committed to the plan",
            "the file needs to be shared",
            "the test fails",
            "raised the issue with Sam",
            "merged the two lists",
            "I don't know the way",
            "which prospects haven't heard from us",
            "only on this page",
            "which files are large",
            "going to rate it",
            "too big for the box",
            "compared to last year",
            "listening on the call",
            "the table of contents",
            "all the files are fine",
            "my todo in Notion",
            "commits by default",
            "what did Sam change",
            "code reviews for the PR",
            "how much memory does this box have",
            "what the linter costs us in CI time",
            "who wants lunch",
            "the end of the file",
            "the best way to split the module",
            "papers in the shared drive",
            "train the classifier on the new data",
            "my 3 kids",
            "where do we go for lunch",
            "the tail of the queue",
            "open the door",
            "kick off the meeting",
            "my 2015 Corolla",
            "the branch I worked on",
            "what does it do to the script",
            "out of date but fine",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    #[test]
    fn a_file_said_to_be_missing_or_to_be_created_is_one_to_write() {
        for need in [
            "the repo has no CONTRIBUTING.md at all",
            "our repo doesn't have a SECURITY.md yet",
            "there's no .editorconfig",
            "docs/ is missing an index.md",
        ] {
            assert!(hints_of(need).ends_with(", write)"), "{need}");
        }
        // So is one said to be created, in any voice.
        for need in [
            "create notes/ideas.md with a heading",
            "the file notes/ideas.md is to be created",
        ] {
            assert!(hints_of(need).ends_with(", write)"), "{need}");
        }
        for need in [
            "the repo has no tests",
            "open SECURITY.md",
            "has no idea",
            "create a ticket for the crash",
        ] {
            assert!(!hints_of(need).contains("write"), "{need}");
        }
        assert_eq!(
            hints_of("what the Makefile's install target does"),
            "what the Makefile's install target does (file)"
        );
    }

    #[test]
    fn flags_are_a_shell_command_and_a_file_set_back_is_an_edit() {
        for need in [
            "delete build/ with rm -rf build",
            "git reset --hard to main",
        ] {
            assert!(hints_of(need).contains("shell command"), "{need}");
        }
        for need in ["a - b", "pages 1-2", "-1 degrees", "well -- maybe"] {
            assert!(!hints_of(need).contains("shell command"), "{need}");
        }
        for need in [
            "put django back to 4.2 in requirements.txt",
            "make the timeout in settings.yaml 30 seconds",
        ] {
            assert!(hints_of(need).ends_with(", edit)"), "{need}");
        }
        assert!(!hints_of("move the card back to To do").contains("edit"));
        assert!(!hints_of("make the bed in the guest room").contains("edit"));
    }

    #[test]
    fn asking_whether_a_named_file_holds_something_is_a_read() {
        for need in [
            "check whether config.toml still points at the old host",
            "verify if the Dockerfile pins node 20",
            "control the file settings.yaml if the port is correct",
            "what is the actual version written in package.json",
        ] {
            assert!(hints_of(need).ends_with(", read)"), "{need}");
        }
        for need in [
            "check whether the build passed",
            "check config.toml",
            "verify whether Sam replied",
            "control the lights if it gets dark",
            "the book written in 1990",
        ] {
            assert!(!hints_of(need).contains("read)"), "{need}");
        }
    }

    #[test]
    fn file_names_said_aloud_are_written_as_files() {
        for (need, want) in [
            ("change config dot yaml", "change config.yaml"),
            ("create todo dot md, then", "create todo.md, then"),
            ("open src/main dot rs.", "open src/main.rs."),
            ("what's in dot env", "what's in .env"),
            ("add it to the dot gitignore", "add it to the .gitignore"),
            ("README dot MD", "README.MD"),
        ] {
            assert_eq!(spoken(need), want, "{need}");
        }
        // Not before an extension, not after a word that names nothing,
        // and nothing to write: the need itself, not a copy.
        for need in [
            "connect the dot and the line",
            "ask Dot about the budget",
            "the dot md file",
            "a file ending in dot",
            "open dot gitignore",
        ] {
            assert_eq!(spoken(need), need, "{need}");
        }
        assert!(matches!(spoken("open the readme"), Cow::Borrowed(_)));
    }

    #[test]
    fn paths_and_file_names_mark_a_file_need() {
        for need in [
            "show me src/main.rs",
            "read config.yaml",
            "open \"notes.TXT\".",
            "what does crates/store/src do",
            "tail /var/log/syslog",
            "cat ~/.bashrc",
            "the .env.example file",
            "edit \".gitignore\".",
        ] {
            assert_eq!(hints_of(need), format!("{need} (file)"), "{need}");
        }
        for need in ["tell #general, now", "post in #dev-ops"] {
            assert_eq!(
                hints_of(need),
                format!("{need} (channel message)"),
                "{need}"
            );
        }
        assert_eq!(
            hints_of("grab (https://example.org/pricing)"),
            "grab (https://example.org/pricing) (url)"
        );
        assert_eq!(hints_of("see WWW.example.org"), "see WWW.example.org (url)");
        for need in [
            "get docs.rs/serde into the chat",
            "open (github.com/rust-lang/rust/issues).",
            "see socket.io/docs first",
        ] {
            assert_eq!(hints_of(need), format!("{need} (url)"), "{need}");
        }
        // A folder path, not a host: its first segment has no dot.
        assert_eq!(
            hints_of("open src/app/main.rs"),
            "open src/app/main.rs (file)"
        );
        assert_eq!(
            hints_of("paste main.rs in #code"),
            "paste main.rs in #code (file, channel message)"
        );
        for need in [
            "visit example.com",
            "update the monday.com board",
            "v1.2/next",
            "e.g./i.e. either",
            "https:// alone",
            "e.g. this",
            "mail me at a@b.rs",
            "read it and/or write it",
            "50/50 odds",
            "issue #12 in C#",
            "# heading",
            "port it to .NET",
            "and so on...",
            "a . b",
            "",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    /// Each of `marked` gets ` (hint)` and nothing more; none of
    /// `unmarked` gets `hint` at all.
    fn marks(hint: &str, marked: &[&str], unmarked: &[&str]) {
        for need in marked {
            assert_eq!(hints_of(need), format!("{need} ({hint})"), "{need}");
        }
        for need in unmarked {
            assert!(!hints_of(need).contains(hint), "{need}");
        }
    }

    #[test]
    fn names_in_code_mark_a_symbol_need() {
        marks(
            "symbol",
            &[
                "which handlers call parse_invoice?",
                "who uses `parseInvoice`",
                "find render() callers",
                "search for MAX_RETRIES",
            ],
            &[
                "order an iPhone case",
                "sell it on eBay",
                "update macOS",
                "read my_notes.txt",
                "call () now",
                "2024_01 figures",
                "a _ b",
                "snake_",
            ],
        );
    }

    #[test]
    fn branch_names_mark_a_branch_need() {
        marks(
            "branch",
            &[
                "fold feature/login into develop",
                "push hotfix/1.2.3 now",
                "is `Release/2024-q3` merged?",
            ],
            &[
                "fix/",
                "a 50/50 fix",
                "open feature/login/form.rs",
                "read fix/notes.md",
                "feature/ /x",
            ],
        );
    }

    #[test]
    fn commit_ids_mark_a_revision_need() {
        marks(
            "revision",
            &[
                "what's in commit 3f9c2ab",
                "who authored 9e8d7c6 and when?",
                "diff (a1b2c3d4e5f60718293a4b5c6d7e8f9012345678) against main",
            ],
            &[
                "meeting ID 884221",
                "the deadbeef value",
                "a facade for cafebabe",
                "color ab12",
                "opportunity 006Qx00000abcd",
                "a1b2c3d4e5f60718293a4b5c6d7e8f90123456789",
                "",
            ],
        );
    }
}
