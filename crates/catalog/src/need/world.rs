//! Whether a need asks about the world, to be looked up online: its
//! sentences, who asks in them, and whether they name our own things.

use std::borrow::Cow;

use super::idioms::{said_at, says};

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

/// Phrases ([`IDIOMS`](super::idioms::IDIOMS)' patterns) that ask wherever they stand: "I wonder
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

/// Words said before a question that do not change it: "so", "OMG",
/// "hey, quick question:".
const QUESTION_FILLERS: &[&str] = &[
    "hey", "hi", "yo", "so", "um", "uh", "oh", "ok", "okay", "well", "right", "quick", "question",
    "please", "pls", "plz", "and", "but", "also", "btw", "just", "now", "like", "omg", "lol",
    "ugh", "wow", "honestly", "anyway",
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
    "file folder directory dir src path readme changelog repo repository code codebase project refactor refactoring hardcoded password secret credential branch commit committed pr merge diff hunk staged unstaged git config configuration setting env script build test deploy deployment server service log function class module package dependency dependencies todo dockerfile monorepo uncommitted change changed logic middleware scheduler parser handler endpoint backend frontend cache caching auth comment hotfix main master staging production prod license lint linter formatter lockfile footer",
    // mail, meetings, work tracking, chat
    "email mail inbox calendar meeting invite appointment event ticket issue bug board card task sprint backlog assigned assignee channel message dm thread chat team standup",
    // documents and records
    "doc document letter page wiki notebook note sheet spreadsheet table database db row column query record base handbook runbook knowledge policy opportunity lead contact account customer pipeline crm",
    // the machine, the agent and its gate
    "hivegate laptop computer machine partition toolchain installed docker container disk memory cpu process port terminal shell agent helper audit skill connector tool plan gate approval approved denied rejected blocked sign integration environment workspace",
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
pub(super) fn asks_the_world(need: &str) -> bool {
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
            // "3 hours long?!" asks too.
            sentence.trim_end().trim_end_matches('!').ends_with('?')
                || sentence_asks(&words)
                || terse_with_a_year(sentence, &words)
                // Only a frame read past changes what the words say.
                || (asked.len() < words.len() && sentence_asks(asked));
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
    &["i", "d|would", "appreciate", "it", "if"],
    &["i", "d|would", "like|love", "you", "to"],
    &["i", "d|would", "like|love", "to", "know|learn|understand"],
    &["i", "d|would", "like|love|appreciate"],
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

/// `need` cut after each `.`, `?`, `!` or `:` that ends a word
/// ("retry.go", "3.11", "10:30" and "status??" are not cut there): "need
/// to know asap: can I bring …" asks after its colon.
fn sentences(need: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = need.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ends = chars.peek().is_none_or(|&(_, next)| next.is_whitespace());
        if matches!(c, '.' | '?' | '!' | ':') && ends {
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

/// The most words a need typed as into a search box may have.
const TERSE: usize = 5;

/// "Oscar winners 2026", "World Cup 2026 schedule": a few words and a
/// year, as typed into a search engine, ask for what is known of it. The
/// year stands alone ("invoice 2024-113" is a number).
fn terse_with_a_year(sentence: &str, words: &[String]) -> bool {
    let is_year = |t: &str| {
        t.len() == 4
            && (t.starts_with("19") || t.starts_with("20"))
            && t.bytes().all(|b| b.is_ascii_digit())
    };
    words.len() <= TERSE
        && !tells(words)
        && sentence
            .split_whitespace()
            .any(|t| is_year(t.trim_matches(|c: char| !c.is_alphanumeric())))
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
        "return|single|train|plane|flight|bus|tram|metro|ferry|concert|festival|match|theatre|theater|cinema|museum|lottery|parking|advance|entry|admission|lift|timed",
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
    (
        "plan|plans",
        "training|meal|diet|workout|business|floor|phone|data|lesson|pension|savings|birth",
        "",
    ),
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
    // "the main differences", "the main sights": not the branch.
    (
        "main",
        "",
        "difference|differences|reason|reasons|thing|things|idea|ideas|point|points|cause|causes|ingredient|ingredients|character|characters|course|sights|attractions|benefits|types|symptoms",
    ),
    // "bikes on board" is aboard; a board of ours has an article.
    ("board", "on", "game|games"),
    ("page", "", "turner|turners"),
    ("service", "", "station|stations"),
    // "players on a rugby union team".
    (
        "team",
        "rugby|union|football|soccer|cricket|hockey|basketball|baseball|netball|national|sports|relay",
        "building",
    ),
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
    // "better for the environment"; "my working environment" is ours.
    ("environment", "the|natural|marine|built|global", ""),
    (
        "workspace",
        "home|ergonomic|coworking|garage|cosy|cozy|small",
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
pub(super) fn unquoted(text: &str) -> Cow<'_, str> {
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
        // "find out for me how long …", "check something for me: …",
        // "do me a favour and check …";
        // "the apps you can reach for me" are ours.
        "me" => {
            matches!(
                before,
                Some("tell" | "show" | "give" | "let" | "find" | "get" | "grab" | "fetch")
            ) || (before == Some("for")
                && i >= 2
                && matches!(
                    words[i - 2].as_str(),
                    "out" | "up" | "find" | "check" | "something" | "this"
                ))
                || (before == Some("do") && after == Some("a"))
                // "pharmacies near me", "close to me": where the asker is.
                || matches!(before, Some("near" | "around" | "nearby"))
                // "which train gets me to Cardiff".
                || (matches!(before, Some("gets" | "takes" | "take"))
                    && matches!(after, Some("from" | "to" | "there" | "home")))
                || (before == Some("to")
                    && i >= 2
                    && matches!(words[i - 2].as_str(), "close" | "closest" | "nearest"))
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
/// must book", "beans you can buy", "do you have to tip", "airlines that
/// let you bring a cat", "why do onions make you cry", "good for you".
fn anyone(words: &[String], i: usize) -> bool {
    let before = i.checked_sub(1).map(|b| words[b].as_str());
    let after = words.get(i + 1).map(String::as_str);
    (before == Some("do") && i >= 2 && words[i - 2] == "how")
        || matches!(
            before,
            Some("let" | "lets" | "allow" | "allows" | "make" | "makes")
        )
        || (before == Some("for")
            && i >= 2
            && matches!(
                words[i - 2].as_str(),
                "good" | "bad" | "healthy" | "safe" | "better" | "worse"
            ))
        || matches!(after, Some("must" | "can" | "could" | "should"))
        || (matches!(after, Some("need" | "have")) && words.get(i + 2).is_some_and(|w| w == "to"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::need::{hints_of, ranking_text};

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
            "why do onions make you cry?",
            "Are standing desks actually good for you?",
            "Mind checking something for me: is Route 66 still drivable?",
            "How long do marathon training plans usually take?",
            // the question after a colon, a favour asked
            "need 2 know asap: can I bring a power bank in checked luggage",
            "Can you do me a favour and check whether Costco is open?",
            "I'd appreciate a rundown of the main differences between IRAs.",
            // a word of ours in its sense out there
            "Can you check if the museum needs advance tickets?",
            "can you check whether the Louvre needs timed tickets",
            "is oat milk better for the environment than almond",
            "which train gets me from Bristol to Cardiff before 9",
            "how many players are on a rugby union team",
            "ideas for a small workspace in the garage",
            // where the asker is
            "which pharmacies near me do flu jabs",
            "is there a bakery close to me that opens at 6",
            // exclaimed, or said after an interjection
            "OMG is the new Dune movie actually 3 hours long?!",
            "ugh is it going to rain all week",
            // typed as into a search box, with a year
            "Oscar winners 2026",
            "World Cup 2026 schedule",
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
            "what can you see about my current working environment",
            "run the linter and fix what it complains about",
            "am I an admin in this workspace",
            "has the lockfile been touched",
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
            "main is red: can you check why?",
            // a year beside one of our things, or a number's part
            "invoice 2024-113 Acme",
            "archive the 2023 emails",
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
}
