//! Idioms: runs of words that say what a need means where its words
//! alone do not ("drop Priya a line" is an email), and the patterns that
//! find them.

use std::collections::HashSet;

use super::LOOK_UP_ONLINE;

/// The hint for who made a change: their name is in the history, where
/// "who added the retry decorator" alone reads as an edit.
pub(super) const AUTHOR: &str = "author in the history";

/// The hint for what was said before: "remember" alone weighs less than
/// the words of what was talked about ("a name for the side project").
pub(super) const REMEMBER: &str = "remember our conversation";

/// What becomes of tests, for [`IDIOMS`].
const TEST_OUTCOMES: &str =
    "fail|fails|failing|pass|passes|passing|green|red|timing|hanging|hang|hangs|slow|slowest|flaky";

/// What code does to a thing, for [`IDIOMS`]: "where do we parse the
/// headers", "find where we build the SQL".
const CODE_VERBS: &str = "load|define|parse|call|handle|initialise|initialize|register|import|validate|build|compute|calculate|generate|render";

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
    "change|changed|changing|touch|modified|modifying|touched|touching|edited|editing|altered|altering|",
    messed!()
);

/// What a person has done to the code, said without git's words, for
/// [`IDIOMS`]: "bring their version into mine", "fold Sam's fixes into my
/// copy".
const WORK: &str = "version|changes|fixes|edits|updates|work|code";

/// Verbs that say a text holds a word, for [`IDIOMS`]: "every line that
/// mentions 'timeout'" is a search of contents.
const MENTIONING: &str = "mention|mentions|mentioning|containing|contains|complain|complains|discuss|discusses|reference|references";

/// What the world's lawmakers wrote, for [`IDIOMS`]: "what does state
/// law say about …" is looked up, where "what does the README say" is a
/// read.
pub(super) const LAWS: &str = "law|laws|statute|statutes|regulation|regulations|constitution|ferpa|hipaa|gdpr|ccpa|coppa|fmla";

/// Times of day said the British way ("my half nine", "quarter past
/// ten"): the hour, for [`IDIOMS`].
const HOURS: &str = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";

/// What an agent does when it plans work, for [`IDIOMS`]: "how would you
/// handle …".
const PLANNING: &str = "go|approach|tackle|handle|improve|increase|organize|organise|grow|cut|reduce|structure|restructure|rework|reorganize|reorganise|redesign|roll|arrange|prioritize|prioritise|set|run|manage|sort|split|divide|migrate|move|clean|build|start|schedule|staff|fit";

/// Businesses a person may run, for [`IDIOMS`]: "help me run a bike
/// shop" asks what the agent can do for one.
const BUSINESSES: &str = "shop|store|business|studio|clinic|salon|office|restaurant|farm|practice|company|firm|board|league|nonprofit|charity|cafe|bakery|gym|home|agency|school|daycare";

/// Things sent to people, for [`IDIOMS`]: "did the reminder go out" asks
/// the audit.
const SENDINGS: &str = "newsletter|email|emails|invoice|invoices|reminder|reminders|notice|notices|message|messages|letter|letters|announcement|announcements|text|texts|update|updates|packet|packets|invite|invites|invitation|invitations|statement|statements|quote|quotes";

/// Words for a folder, for [`IDIOMS`]: "the size of the vendor folder".
const FOLDERS: &str = "folder|folders|directory|directories|dir|repo";

/// Kinds of file a person keeps, for [`IDIOMS`]: "where did I put the
/// csv with …".
const FILE_KINDS: &str = "file|files|csv|csvs|pdf|pdfs|spreadsheet|spreadsheets|document|documents|script|scripts|folder|folders|draft|drafts|slides|deck|photos|images|screenshot|screenshots|zip|backup|backups|export|exports|dump|dataset|datasets";

/// Documents a person keeps and finds by what they are, for [`IDIOMS`]:
/// "find the pricing deck", "which of the invoices mention …". Not notes,
/// which live in notes apps as often as in files.
const DOCUMENTS: &str = "photo|picture|image|video|videos|recording|deck|decks|transcript|transcripts|spreadsheet|spreadsheets|memo|memos|invoice|invoices|contract|contracts|agreement|agreements|form|forms|slides|pdf|pdfs|drafts|script|scripts|log|logs|scan|scans|protocol|protocols|images|photos|pictures|recordings|drawings|blueprints|submittals|audio|report|reports|proposals|letter|letters|syllabus|bill|bills|receipt|receipts|statement|statements|export|exports|review|reviews|flyer|flyers|bulletin|bulletins|handout|handouts|brochure|brochures|quote|quotes|estimate|estimates|minutes|handoff|amendment|amendments|summary|permit|permits|certificate|certificates|lease|leases|waiver|waivers|proclamation|proclamations|ordinance|ordinances|inspection|inspections|checklist|checklists|notice|notices|nda|ndas|eob|eobs|worksheet|worksheets|evaluation|evaluations|assessment|assessments|summaries|referral|referrals|newsletter|newsletters|itinerary|itineraries|slip|slips|bid|bids|packet|packets|paperwork|authorization|authorizations|bio|bios|card|cards|record|records|chart|charts";

/// Papers a person keeps and asks for by kind, for [`IDIOMS`]: "pull the
/// venue contract", "where's the network diagram". Not photos or images,
/// which the world has too ("where are the best images of Saturn").
const KEPT_PAPERS: &str = "license|licenses|licence|warranty|warranties|registration|registrations|itinerary|paperwork|authorization|authorizations|packet|packets|records|bid|bids|contract|contracts|agreement|agreements|lease|leases|nda|ndas|waiver|waivers|permit|permits|certificate|certificates|quote|quotes|estimate|estimates|proposal|proposals|letter|letters|receipt|receipts|scan|scans|diagram|diagrams|outline|outlines|mockup|mockups|template|templates|memo|memos|checklist|checklists|deck|decks|slides";

/// What an organisation writes its rules down in, for [`IDIOMS`]: "check
/// our refund policy", "look in our owner policies".
const POLICY_DOCS: &str = "policy|policies|handbook|guidelines|rules|manual|guide|docs|documentation|protocols|procedures|bylaws|sops|standards";

/// The endings of plain-text files whose words and lines a shell counts,
/// and "file" itself, for [`IDIOMS`]: "count the rows in leads.csv",
/// "count the lines in the error file".
const TEXT_FILE_TYPES: &str = "csv|tsv|md|txt|log|json|jsonl|file";

/// Words for the code as a place, for [`IDIOMS`]: "where … in the code",
/// "where in the backend …". Not "repo": "where's the onboarding markdown
/// in the repo" finds a file.
const CODE_PLACES: &str = "code|codebase|source|backend|frontend|server";

/// Parts of a code base a need may name by what they do or hold ("the
/// handler that answers /health", "whichever config sets the port"), for
/// [`IDIOMS`].
const CODE_PARTS: &str = "file|files|script|scripts|config|configs|yaml|yml|json|toml|handler|handlers|route|routes|component|components|view|views|template|templates|test|tests|fixture|fixtures|migration|migrations|target|dockerfile|dockerfiles|workflow|workflows|notebook|notebooks|module|modules|css|proto|terraform|stylesheet|controller|controllers|middleware|places|spots";

/// Phrases whose words say nothing alone, and the word they mean: "drop
/// Priya a line" is an email, "my second brain" a notes app, "what does
/// the LICENSE say" a read. `*` stands for one to three words, `**` for
/// up to six, `?` for at most one, and `a|b` for either word.
pub(super) const IDIOMS: &[(&[&str], &str)] = &[
    (&["one", "on", "one"], "meeting"),
    (&["1", "on", "1"], "meeting"),
    (&["drop", "*", "a", "?", "line"], "email"),
    (&["shoot", "*", "a", "?", "note"], "email"),
    (&["second", "brain"], "notes"),
    (&["push", "*", "back"], "reschedule"),
    (&["set", "up", "a", "?", "meeting"], "schedule"),
    (&["set", "up", "a", "?", "call"], "schedule"),
    // "remind me on the 15th to file the taxes": a reminder set for a
    // day (not "remind me what I said", a memory).
    (
        &["remind", "me", "on|at|by|every|next|tomorrow", "**", "to"],
        "schedule",
    ),
    // "set up 15 minutes with Omar", "grab an hour with the designer".
    (
        &[
            "set|book|grab|find|block",
            "?",
            "*",
            "minutes|mins|hour|hours",
            "with",
        ],
        "schedule",
    ),
    (
        &[
            "my|the",
            "day|week|morning|afternoon|evening",
            "look|looks|looking",
        ],
        "schedule",
    ),
    // "block the team lunch for Mia's first day in my calendar", "add the
    // spring deadlines to the grants calendar": time kept for something
    // (not "what did you add to my calendar").
    (
        &[
            "block|hold|add|put",
            "*",
            "**",
            "to|in|on|into|onto",
            "my|our|the",
            "?",
            "?",
            "calendar|diary",
        ],
        "schedule",
    ),
    // "tech week is the 10th to the 14th, block it all out" (not "block
    // it out of your mind").
    (&["block", "it|this|that|them", "all|off"], "schedule"),
    // "set a call with our board treasurer thursday at 3", "book a
    // consult with Dr. Lee".
    (
        &[
            "set|book|arrange",
            "a|an",
            "?",
            "call|meeting|chat|consult|appointment|session",
            "with",
        ],
        "schedule",
    ),
    // "where did I put the compose file", "where'd I save my draft",
    // "lost track of where I put the template".
    (&["where", "did|d", "i|we", "put|save|store|keep"], "find"),
    // "where did the computer put it", "how do I get to the files I saved".
    (
        &["where", "did|does|has", "the", "computer|laptop|pc|machine"],
        "find",
    ),
    (&["files", "i", "saved|made|downloaded"], "find"),
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
    (&["by", "whom"], AUTHOR),
    // "didn't I tell you": "didn't" is the tokens didn, t.
    (&["did|didn", "?", "i", "?", "tell", "you"], REMEMBER),
    // "which restaurant did I rave about to you".
    (
        &[
            "did",
            "i|we",
            "rave|talk|complain|moan|gush|mention",
            "about",
        ],
        REMEMBER,
    ),
    // "we talked about a caching library", "what we discussed about".
    (&["we", "talked|discussed|chatted", "about"], REMEMBER),
    (&["when|time", "we", "talked|chatted|spoke"], REMEMBER),
    (&["did", "we|i|you", "say"], REMEMBER),
    // "what name did we settle on", "which march did I pick".
    (
        &["did", "we|i", "settle|agree|decide|pick|choose|land"],
        REMEMBER,
    ),
    (&["have", "i", "?", "told", "you"], REMEMBER),
    // "inform the team on teams": lower case, the app is still meant.
    (&["on|in|via|over|through", "teams"], "microsoft teams"),
    // "tell the Teams channel", "in our teams chat".
    (&["teams", "channel|channels|chat|chats"], "microsoft teams"),
    (&["into", "main"], "merge"),
    // "combine release-2.3 with develop so develop has its fixes".
    (
        &[
            "combine|combining",
            "*",
            "with|into",
            "develop|main|master|trunk",
        ],
        "merge",
    ),
    (&["into", "master"], "merge"),
    (&["is", "there", "*", "file"], "find"),
    // Asked, "does it still say", is a read; told, "it still says 2023",
    // a fix.
    (&["still", "say|saying"], "read"),
    (&["still", "says"], "edit"),
    // A lawyer's edit: "redline clause 7 of nda.md".
    (&["redline|redlines|redlining"], "edit"),
    // "rename primaryBlue to brandBlue in tokens.json": inside a file.
    (&["rename", "*", "to", "*", "in|inside|throughout"], "edit"),
    // "the footer says Acme Ltd, it should say Acme GmbH".
    (&["it|that|this|which", "should", "say|read"], "edit"),
    // "the README still mentions Python 3.8": told, a fix.
    (&["still", "mentions|references"], "edit"),
    // "what does /srv/api/logs/crash.txt say": a path is several words.
    (&["what", "does", "**", "say"], "read"),
    (&["what", "*", "says"], "read"),
    // "what is", "what's" (its tokens: what, s), "what was".
    (&["what", "?", "written", "in"], "read"),
    (&[MESSED, "about|around", "with"], "changed"),
    (&["which|what", "files", "*", CHANGED], "status"),
    (&["who", "?", "been", CHANGED], AUTHOR),
    (&["who", CHANGED], AUTHOR),
    (
        &["who", "has|have|had|just|last|else|keeps|kept", CHANGED],
        AUTHOR,
    ),
    (&["who", "introduced|broke|rewrote|refactored"], AUTHOR),
    (
        &["commit|change", "that|which", "introduced|broke|caused"],
        "history",
    ),
    // "which PR brought the rate limiter in".
    (
        &[
            "which|what",
            "pr|commit|change|merge",
            "brought|introduced|added|broke|caused",
        ],
        "history",
    ),
    (&["saved", "in|to", "git"], "commit"),
    // "make a checkpoint of the project right now".
    (
        &[
            "checkpoint|snapshot",
            "of",
            "the|my|our|this",
            "project|code|work|repo",
        ],
        "commit",
    ),
    // "who saved versions of the project this week".
    (&["saved|made", "versions"], "log of commits"),
    // "lock in these changes in git", "record this state in version
    // control".
    (
        &["lock|record|snapshot", "**", "in|into", "git|version"],
        "commit",
    ),
    (
        &[
            "which|what",
            "commit|commits",
            "did|broke|introduced|caused|added|removed|changed",
        ],
        "history",
    ),
    (&["commit", "messages", "from|since|over|of"], "history"),
    // "what has been committed to main since Monday" (not "crimes
    // committed since 2020").
    (
        &[
            "committed|landed|merged",
            "to|on|into",
            "?",
            "main|master|develop|trunk|branch|repo",
        ],
        "history",
    ),
    // "how has the schema file evolved" (not "how did whales evolve").
    (
        &[
            "file|schema|code|codebase|module|repo|config|api",
            "?",
            "?",
            "evolved|evolve|evolving",
        ],
        "history",
    ),
    (&["track", "down"], "find"),
    // "find the field trip permission slip template", "find our invoice
    // templates" (not "find the best template for a resume").
    (
        &[
            "find",
            "the",
            "**",
            "slip|slips|form|forms",
            "template|templates",
        ],
        "find files",
    ),
    (
        &["find", "my|our", "**", "template|templates"],
        "find files",
    ),
    // "track down the bus contract with Durham", "hunt down the signed
    // lease".
    (
        &["track|hunt", "down", "the|my|our", "**", KEPT_PAPERS],
        "find files",
    ),
    // "hunt for the insurance certificate the landlord wanted", "dig up
    // the lease for the studio", "I can't find the bonding paperwork"
    // (not "look up the lease laws").
    (
        &[
            "hunt|look|search|dig",
            "for",
            "the|my|our|that|this",
            "**",
            KEPT_PAPERS,
        ],
        "find files",
    ),
    (
        &["dig", "up|out", "the|my|our|that|this", "**", KEPT_PAPERS],
        "find files",
    ),
    (
        &[
            "t|cannot",
            "find|locate",
            "the|my|our|his|her|their",
            "**",
            KEPT_PAPERS,
        ],
        "find files",
    ),
    // "I need the Nguyen boy's immunization record".
    (
        &[
            "i|we",
            "need",
            "the|my|our|his|her|their",
            "**",
            "record|records|paperwork|papers",
        ],
        "find files",
    ),
    // "where are the test fixtures for the importer".
    (
        &[
            "where",
            "are|is|s",
            "the|our|my",
            "*",
            "fixtures|scripts|configs|files|migrations",
        ],
        "find files",
    ),
    // "track down the function that formats currency".
    (
        &[
            "track|find|locate|where",
            "**",
            "function|method|class",
            "that|which",
        ],
        "grep",
    ),
    (&["hunt", "for|down"], "find"),
    (&["fold|folding|folded", "**", "in|into"], "merge"),
    // "bring the changes from the payments branch into mine".
    (&["from", "**", "branch", "into"], "merge"),
    // "land the hotfix branch onto release".
    (&["land", "**", "branch", "onto|into|on"], "merge"),
    // The agent's own records are its audit: "per your records".
    (
        &[
            "per|in|from|according",
            "?",
            "your",
            "records|record|logs|log",
        ],
        "audit",
    ),
    (&["tagged|marked", "todo|fixme|hack|xxx"], "grep"),
    (&["kill|pkill|killall"], "shell command"),
    // "gzip every .log under /var/log", "zip the build folder", "base64
    // encode the logo" (not "the zip code").
    (
        &[
            "zip|unzip|gzip|gunzip|tar|untar",
            "the|up|every|all|this|that|my|it|each",
        ],
        "shell command",
    ),
    (&["base64"], "shell command"),
    // "generate a new SSH key pair on this machine"; not "my work exists
    // only on this machine", which is a push.
    (
        &[
            "generate|create|install|run|start|stop|restart|alive|running",
            "**",
            "on",
            "this|my",
            "machine|box|laptop|computer",
        ],
        "shell command",
    ),
    // "one agent on the SDK docs, you on the flaky test".
    (&["one", "agent|helper", "on|for"], "parallel"),
    // "3 agents: one for tests, one for docs".
    (
        &[
            "2|3|4|5|two|three|four|five|several|multiple",
            "agents|helpers|subagents",
        ],
        "parallel",
    ),
    // "any .tf files left in infra/legacy?".
    (
        &[
            "any|all|every",
            "*",
            "files",
            "left|in|under|below|anywhere",
        ],
        "find",
    ),
    (
        &[
            "up",
            "to",
            "date",
            "with",
            "main|master|develop|origin|upstream",
        ],
        "merge",
    ),
    // Whether a service answers is seen from the shell.
    (&["reachable|unreachable"], "shell command"),
    // A package manager's own commands: "the npm audit is red".
    (
        &[
            "npm|pip|cargo|yarn|pnpm|gem|composer",
            "audit|install|outdated|update|ls|run|test|build|publish",
        ],
        "shell command",
    ),
    // "list them from the lock file".
    (
        &[
            "list|read|get|take|pull",
            "**",
            "from",
            "the|our|this|that",
            "?",
            "file",
        ],
        "read",
    ),
    // "show me what you intend to do", "what are you going to do
    // first", "walk me through your approach": the agent's plan.
    (
        &[
            "what",
            "?",
            "you",
            "**",
            "intend|intending|plan|planning|going",
            "to",
            "do",
        ],
        "plan",
    ),
    (&["what", "will|ll", "you", "do"], "plan"),
    (&["your", "?", "approach|strategy"], "plan"),
    // "what's your next move".
    (&["your", "next", "move|moves|step|steps"], "plan"),
    // "the order you'll tackle these in", "what's left on your list".
    (
        &["you", "ll|will", "tackle|handle|approach|do|make|take|go"],
        "plan",
    ),
    (&["your", "list|checklist|todo|steps"], "plan"),
    // "the steps you've lined up for this refactor".
    (&["you", "ve|have", "lined|queued", "up"], "plan"),
    // "where are you up to with the list you made".
    (&["where", "are", "you", "up", "to"], "plan"),
    // "map out how you'll migrate the tests".
    (&["how", "you", "ll|will"], "plan"),
    // "the to-do list you've made for yourself".
    (
        &[
            "list|plan|steps",
            "you",
            "?",
            "made|wrote|drew|written|drawn",
        ],
        "plan",
    ),
    // "what the agent plans to do next", said of it to someone else.
    (
        &[
            "the|this",
            "agent|assistant|bot",
            "plans|intends|means|is",
            "?",
            "to",
        ],
        "plan",
    ),
    // "your to-do list": the hyphen splits it.
    (&["your", "to", "do"], "plan"),
    // "do you have a how-to for postmortems": a skill.
    (&["a|any", "how", "to", "for|on"], "skill"),
    // Apps named by their kind: "the tracker", "the main database".
    (&["the|our|my", "tracker"], "issue tracking"),
    // "the official guidance on sharing data, per our docs".
    (
        &[
            "per|according",
            "?",
            "our|the|company",
            "docs|documentation|guidelines|guidance|policy|policies|handbook|rules",
        ],
        "knowledge base",
    ),
    (&["in|from", "the|our", "?", "database|db"], "sql query"),
    // "pull ticket sales by night from the box office database" (not
    // "create the budget table in the no-code database", Airtable's).
    (&["from", "the|our", "?", "?", "database|db"], "sql query"),
    // Newsletters come by mail, and are left by it.
    (&["unsubscribe|newsletter|newsletters"], "email"),
    // "when's my next dentist check-up": the asker's own diary.
    (&["when", "s|is|are", "my|our", "next"], "schedule"),
    (&["reinstall|reinstalling"], "shell command"),
    // Command-line programs with no tool of their own here: "kubectl get
    // pods in staging", "helm upgrade the api chart".
    (&["kubectl|helm|systemctl|journalctl"], "shell command"),
    // "rerun the regression in analysis.R with Rscript".
    (
        &[
            "run|rerun|execute",
            "**",
            "with|using|via|through",
            "rscript|python|python3|node|ruby|perl|deno|bun|bash|sh",
        ],
        "shell command",
    ),
    // git's commands that no tool of ours stands for are the shell's.
    (
        &[
            "git",
            "revert|stash|rebase|reset|cherry|bisect|checkout|switch|restore|clean|pull|clone|fetch|reflog",
        ],
        "shell command",
    ),
    (&["check|look|search", "online"], "search"),
    // "PR for the flag cleanup, reviewers: Mei and Joao".
    (&["pr|prs", "**", "reviewer|reviewers"], "pull request"),
    // "a PR opened from docs/new-api to main".
    (&["pr|prs", "opened|raised|created"], "pull request"),
    // "get eyes on my PR from the team".
    (
        &["eyes", "on", "my|the|this|our", "pr|prs|mr|mrs"],
        "pull request",
    ),
    (&["opening", "time|times|hours"], LOOK_UP_ONLINE),
    // Terse look-ups with no question's form: "half marathon world record
    // women", "sunrise time Reykjavik", "convert 350F to Celsius", "visa
    // rules Vietnam"; "sunset the old endpoint" is no time of day.
    (&["world", "record|records"], LOOK_UP_ONLINE),
    // A bank's branch is no git branch: "which branch of my bank is open
    // on Saturdays", "the nearest bank branch".
    (&["branch|branches", "of", "?", "?", "bank"], LOOK_UP_ONLINE),
    (&["bank", "branch|branches"], LOOK_UP_ONLINE),
    // "the teams that lost in the league last night".
    (
        &["teams|team", "that|who", "lost|won|played|beat|drew"],
        LOOK_UP_ONLINE,
    ),
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
    // "the log of everything you've done since lunch".
    (
        &[
            "everything|all|anything",
            "you",
            "?",
            "done|did|touched|ran|opened|sent|emailed|posted|messaged",
        ],
        "audit",
    ),
    // "how many of your calls were waved through".
    (&["waved|let", "through"], "approved"),
    // "did you run anything as root".
    (
        &[
            "did",
            "you",
            "run|execute|delete|remove|touch|send|email|post|message|order|book|push",
        ],
        "audit",
    ),
    // "what actions were taken on my behalf yesterday".
    (
        &[
            "actions",
            "?",
            "taken|done|performed",
            "on",
            "my|our",
            "behalf",
        ],
        "audit",
    ),
    // "a log of every file you deleted".
    (
        &[
            "every|all|each",
            "*",
            "you",
            "deleted|removed|ran|executed|touched|modified|changed|edited|created",
        ],
        "audit",
    ),
    // "the last ten things you ran", "the things you changed" (not "things
    // you did not know about octopuses").
    (
        &[
            "things|commands|actions|calls|steps",
            "you",
            "ran|executed|called|made|took|changed|deleted|touched",
        ],
        "audit",
    ),
    // "tell me what you know how to do": the agent's skills.
    (&["what", "you", "know", "how", "to"], "skills"),
    (&["what", "can", "you", "do", "for", "me|us"], "skills"),
    // "what can you help me with for the brewery", "what can you help a
    // tutor with", "what can you help a grant writer with", "what sorts of
    // things can you help with around the shop", "what kinds of jobs can
    // you handle for me".
    (
        &[
            "what",
            "**",
            "can|could",
            "you",
            "help",
            "?",
            "?",
            "?",
            "with",
        ],
        "skills",
    ),
    (
        &["what", "**", "can|could", "you", "handle|manage|take"],
        "skills",
    ),
    // "what can you do for a landscaping business", "what could you do
    // for a physical therapy clinic", "what can you do to help a flower
    // shop" (not "what can you do for a sore throat", which asks what
    // anyone can).
    (
        &[
            "what",
            "can|could",
            "you",
            "do",
            "for|to",
            "?",
            "a|an|my|our|the",
            "**",
            "business|company|shop|store|firm|practice|team|office|nonprofit|school|clinic|agency|studio|startup|restaurant|museum|league|club|church|farm|ranch|salon|bakery|charity|gym|hotel|truck|theater|theatre|cafe|band|choir",
        ],
        "skills",
    ),
    // "what kinds of things can you do for a school principal", "what kind
    // of help can you give a theater", "what are you able to do for a
    // farm", "what can you help a pet sitter do".
    (
        &[
            "what",
            "kinds|kind|sorts|sort|types|type",
            "of",
            "things|stuff|work|jobs|tasks|help|support",
            "can|could",
            "you",
        ],
        "skills",
    ),
    (&["what", "are", "you", "able", "to", "do"], "skills"),
    (
        &[
            "what",
            "can|could",
            "you",
            "help",
            "a|an|my|our",
            "**",
            "do",
        ],
        "skills",
    ),
    // "how could you help out at a bookstore" (not "how can you help out
    // a friend").
    (
        &["how", "can|could|might", "you", "help", "?", "at|around"],
        "skills",
    ),
    // "how could you help me run a bike shop", "what are the ways you
    // could help an HOA board", "what would you be good for at a funeral
    // home" (not "how could you help me run the migration").
    (
        &[
            "help",
            "me|us",
            "run|manage|grow|operate",
            "a|my|our|the",
            "?",
            "?",
            BUSINESSES,
        ],
        "skills",
    ),
    // "could you help with a cleaning business at all" (not "help with
    // the business plan", which a business word does not end).
    (
        &[
            "could|can|would",
            "you",
            "help",
            "with|out",
            "a|an|my|our",
            "?",
            "?",
            BUSINESSES,
            "at|too|also|there|here|in",
        ],
        "skills",
    ),
    (&["ways", "you", "could|can|might", "help"], "skills"),
    (
        &[
            "what",
            "would|could|are|will",
            "you",
            "be",
            "good|useful|helpful",
            "for",
        ],
        "skills",
    ),
    // "what's something useful you could do for the league".
    (
        &["useful|helpful", "**", "you", "could|can", "do"],
        "skills",
    ),
    // "show your actions", "which of your actions needed my sign-off"
    // (not "do your actions show up as me", which asks who they are).
    (&["show|list|see|view|of|all", "your", "actions"], "audit"),
    // "how will you go about reviewing the contracts?", "lay out how
    // you'd handle the April rush".
    (&["how", "will|would", "you", PLANNING], "plan"),
    (&["how", "you", "will|would|d|ll", PLANNING], "plan"),
    // "how are you going to handle the turnovers this month", "how are
    // you planning to fit all the visits in".
    (&["how", "are", "you", "going|planning", "to"], "plan"),
    // "how do you see us handling two events on the same day", "how do
    // you see this going" (not "how do you see that colour").
    (
        &[
            "how",
            "do",
            "you",
            "see",
            "us|me|this|it",
            "handling|doing|managing|fitting|getting|running|working|going",
        ],
        "plan",
    ),
    // "walk me through the steps you'd take".
    (&["steps", "you", "d|would|will|ll", "take"], "plan"),
    // "check our refund policy first", "our data dictionary".
    (
        &[
            "check|consult|see|follow",
            "our|company",
            "?",
            "?",
            POLICY_DOCS,
        ],
        "knowledge base",
    ),
    (&["data", "dictionary|glossary"], "knowledge base"),
    // "check the lab safety manual for …", "check the church bylaws for
    // …" (not "check the rules of chess").
    (
        &["check|consult", "the", "?", "?", "manual|handbook|bylaws"],
        "knowledge base",
    ),
    // "what does our infection control policy say about masks", "what's
    // our food safety plan say about greens", "what does the clinic
    // protocol say about week 2".
    (
        &[
            "our|company",
            "*",
            "policy|policies|handbook|guidelines|rules|guide|manual|protocol|plan|bylaws|procedures|sops",
            "say|says",
        ],
        "knowledge base",
    ),
    (
        &[
            "what",
            "does|do",
            "the",
            "?",
            "?",
            "policy|handbook|guidelines|manual|protocol|bylaws|sop|covenants|ccrs|charter|rulebook",
            "say|says|allow|require",
        ],
        "knowledge base",
    ),
    // "find the file with the on-call phone numbers".
    (
        &[
            "find|locate",
            "the|a|any",
            "file|files",
            "with|that|which|where",
        ],
        "find files",
    ),
    // "what does our contract playbook say" (not "the playbooks you
    // have", the agent's skills).
    (
        &["our|company|team", "?", "playbook|playbooks"],
        "knowledge base",
    ),
    // "how do other companies word a sorry-for-the-delay email?": what is
    // done elsewhere is looked up.
    (
        &[
            "how",
            "do|does",
            "other|most",
            "companies|people|teams|firms|businesses|projects|developers|startups",
        ],
        LOOK_UP_ONLINE,
    ),
    (&["time", "difference"], LOOK_UP_ONLINE),
    // "what definition of churn did I give you last month".
    (&["what", "**", "did", "i", "give", "you"], REMEMBER),
    // "search for error E1017 in the logs folder": inside its files.
    (
        &[
            "search|grep|look",
            "for",
            "**",
            "in",
            "the|my|our|this",
            "?",
            FOLDERS,
        ],
        "grep",
    ),
    // "where else do we read customer_id?": the other places in the code.
    (
        &[
            "where",
            "else",
            "do|does|did|is|are",
            "we|it|you|they",
            "read|use|call|set|parse|load|check|import|reference|handle|define",
        ],
        "grep",
    ),
    // "hunk by hunk".
    (&["hunk|hunks"], "diff"),
    // "what's different in styles.css compared to the last commit".
    (&["different|differs|compared", "**", "commit|head"], "diff"),
    // "which exact lines did I add to the parser".
    (
        &[
            "lines",
            "**",
            "i|we",
            "add|added|change|changed|modify|modified|remove|removed",
        ],
        "diff",
    ),
    // "stuff I forgot to git add".
    (&["git", "add"], "staged"),
    // "my new commits only exist here, get them to the server".
    (
        &[
            "commits|commit",
            "**",
            "to|onto",
            "the|our",
            "server|remote|origin|upstream",
        ],
        "push",
    ),
    // "PR it against main".
    (
        &["pr|mr", "it|this|that|them", "against|into|to|for"],
        "pull request",
    ),
    // "how is parser.rs different from what is committed".
    (
        &[
            "different|differs|differ",
            "from|to|than",
            "**",
            "committed|head|staged",
        ],
        "diff",
    ),
    (&["a|the", "new", "file"], "write"),
    (&["start|begin", "a|an", "*", "file"], "write"),
    // "the Makefiles scattered through the tree".
    (
        &["scattered|dotted|strewn", "through|across|around|over|all"],
        "find",
    ),
    (&["add|adding|put", "a|an", "?", "file"], "write"),
    // "are there any .bak files hanging around".
    (&["files", "hanging|kicking", "around|about"], "find"),
    // "any files ending in .tmp are to be found under build/".
    (&["files", "ending", "in|with"], "find"),
    // "is my checkout clean", "is my working copy dirty" (not "copy the
    // clean version").
    (
        &["checkout|tree|clone|repo|branch", "?", "clean|dirty"],
        "status",
    ),
    (&["working", "copy", "?", "clean|dirty"], "status"),
    // "which files differ between my branch and main".
    (&["files", "differ"], "diff"),
    // "the pending changes ought to be committed" (not "what hasn't been
    // committed" or "changes yet to be committed", which git status
    // answers).
    (
        &["ought|needs|need|has|have", "to", "be", "committed"],
        "commit",
    ),
    (&["should|must", "be", "committed"], "commit"),
    (&["look", "it|that|this", "up"], "search"),
    (
        &["look", "up", "whether|if|how|what|when|where|who|the|a"],
        LOOK_UP_ONLINE,
    ),
    (&["line|lines", "**", MENTIONING], "grep"),
    // "where are environment variables read in the worker".
    (
        &[
            "where",
            "are|is|do|does",
            "**",
            "read|set|defined|loaded|used|initialised|initialized|parsed",
            "in",
        ],
        "grep",
    ),
    // "scan the logs for lines with SIGSEGV".
    (&["for", "line|lines", "with|matching"], "grep"),
    // "which macro files mention 'store credit'?".
    (&["which|what", "?", "files", "**", MENTIONING], "grep"),
    (
        &[
            "referenced|mentioned|used|imported|called",
            "anywhere|somewhere|elsewhere",
        ],
        "grep",
    ),
    // "the exact lines I rewrote in the scheduler".
    (
        &[
            "line|lines",
            "i|we|you",
            "?",
            "rewrote|rewritten|changed|edited|touched|modified|added|removed|deleted|wrote",
        ],
        "diff",
    ),
    // "when did the toggle first show up in the history".
    (
        &[
            "up|appear|appeared|appears",
            "in",
            "the|our|git",
            "?",
            "history",
        ],
        "commits",
    ),
    (&["every|all|each", "mention|mentions", "of"], "grep"),
    // "every line that says FIXME".
    (&["line|lines", "that|which", "says|say"], "grep"),
    // "show the patch for HEAD".
    (&["show|see|view", "me|the", "?", "patch"], "diff"),
    // "search the repo for the number 86400", "have a gander through the
    // code for 'TODO(anil)'".
    (
        &[
            "search|scan|through",
            "the|our|my|this",
            "repo|code|codebase|source|sources",
            "for",
        ],
        "grep",
    ),
    // "every contract in the contracts folder that has a non-compete
    // clause": found by what the files hold.
    (
        &[
            "folder|folders|directory|dir",
            "that|which",
            "has|have|mention|mentions|contain|contains|say|says",
        ],
        "grep",
    ),
    // "search the logs folder for 'OutOfMemoryError'": inside its files.
    (
        &[
            "search|scan|through",
            "the|our|my|this",
            "?",
            FOLDERS,
            "for",
        ],
        "grep",
    ),
    // "which of my .bib files has the citation for Vaswani 2017?": found
    // by what they hold. "Have" only before what is had: "which of the
    // files have changed" is the status.
    (
        &[
            "which",
            "**",
            "file|files",
            "has|have",
            "the|a|an|any|some|that|this",
        ],
        "grep",
    ),
    // "where did I put the csv with the survey responses": one of the
    // files ("where did I put …" alone is to find, but what: "where did I
    // leave my keys" is not a file).
    (
        &[
            "where",
            "did|do|have",
            "i|we",
            "put|save|saved|leave|left|keep|kept|stash|stashed|store|stored",
            "**",
            FILE_KINDS,
        ],
        "files",
    ),
    // "find every place that still imports it".
    (
        &[
            "every|each|any",
            "place|places|spot|spots",
            "**",
            "imports|import|uses|calls|references|says|say|mentions|mention",
        ],
        "grep",
    ),
    // "which file holds the connection settings", "which of the files
    // mention the old host": found by their contents.
    (
        &[
            "which|what",
            "**",
            "file|files",
            "holds|hold|keeps|keep|defines|define|stores|store|say|says|mention|mentions|contain|contains",
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
    // "which inboxes have you been given access to".
    (
        &["you", "been", "given|granted", "access|keys"],
        "connectors",
    ),
    (
        &[
            "you",
            "re|are",
            "plugged|hooked|wired|connected",
            "into|to|up",
        ],
        "connectors",
    ),
    // Who the agent acts as: "what user am I running as", "which login
    // are you operating under", "who does the system think I am",
    // "running with my permissions or a bot's".
    (
        &["what|which", "user|account", "am|are", "i|we|you"],
        "identity",
    ),
    (&["you", "operating|running|acting", "as|under"], "identity"),
    // "do your actions show up as me", "which service account do you use".
    (
        &["show|shows|appear|appears", "?", "as", "me|you|who"],
        "identity",
    ),
    (&["service", "account"], "identity"),
    // "which user do your commits show up as".
    (
        &[
            "which|what",
            "user|account|name",
            "**",
            "show|shows|appear|appears",
            "up",
            "as",
        ],
        "identity",
    ),
    // "who you're authenticated as on the calendar side".
    (
        &["you", "?", "authenticated|logged|signed", "?", "as|in"],
        "identity",
    ),
    // "who is this assistant logged in as".
    (&["who", "**", "logged|signed", "in", "as"], "identity"),
    // "which email address are you sending from".
    (
        &["you", "sending|send|writing|posting|emailing", "from|as"],
        "identity",
    ),
    // "whose login do you use when you touch my stuff".
    (
        &["whose", "login|account|credentials|name|identity|user"],
        "identity",
    ),
    // "what username do your database queries run under".
    (
        &[
            "username|user|login|account",
            "**",
            "run|runs|running",
            "as|under",
        ],
        "identity",
    ),
    (&["who|which", "**", "think", "i", "am|m"], "identity"),
    (
        &[
            "running|acting|operating",
            "with|under",
            "my|whose|your",
            "permissions|credentials|rights",
        ],
        "identity",
    ),
    // "what mode are you in": how far the agent may go alone.
    (&["mode", "are", "you", "in"], "awareness"),
    // "what's going on in this workspace right now".
    (
        &[
            "going",
            "on",
            "in",
            "this|the|our|my",
            "workspace|project|repo",
        ],
        "awareness",
    ),
    (&["autopilot"], "autonomy"),
    // "have you got the green light to run commands" (not "did the
    // project get the green light").
    (&["you", "?", "?", "green", "light"], "autonomy"),
    // "how free a hand do you have", "how much leeway have I given you".
    (&["free", "?", "hand|rein|reign"], "autonomy"),
    (&["leeway"], "autonomy"),
    // "what permissions level have I set for you".
    (
        &["permission|permissions|autonomy|trust", "level|levels"],
        "autonomy",
    ),
    // "how much are you allowed to do on your own".
    (&["on", "your", "own"], "autonomy"),
    (&["are", "you", "allowed|permitted|trusted"], "autonomy"),
    // "do you need my OK for every write".
    (
        &["you", "need", "my", "ok|okay|approval|permission|sign|say"],
        "autonomy",
    ),
    // "which directory are you sitting in".
    (&["are", "you", "sitting|currently", "in"], "awareness"),
    // "which project and mode have you been set up with".
    (&["you", "been", "set", "up"], "awareness"),
    // "is this a sandbox or the production setup you're in".
    (
        &[
            "setup|environment|sandbox|system",
            "you",
            "re|are",
            "in|on|running",
        ],
        "awareness",
    ),
    // "what operating system and folder are you working in", "can you
    // see the internet from where you're running".
    (
        &["are", "you", "working|running|operating", "in"],
        "awareness",
    ),
    (
        &["where", "you", "re|are", "running|working|sitting|based"],
        "awareness",
    ),
    // "describe your surroundings", "are you in read-only mode".
    (
        &["your", "?", "surroundings|setup|situation|context"],
        "awareness",
    ),
    (&["are", "you", "in", "*", "mode"], "awareness"),
    // "tell me what you can see of my system".
    (&["you", "can", "see", "of", "my|the|this|our"], "awareness"),
    // "is this running in a container or on my laptop, as far as you can
    // tell".
    (
        &[
            "this",
            "running",
            "in|on",
            "a|my|the",
            "?",
            "container|laptop|sandbox|vm|machine",
        ],
        "awareness",
    ),
    // "which outside services do you have keys for".
    (
        &["you", "have", "keys|credentials|tokens|logins", "for"],
        "connectors",
    ),
    // "what's on your agenda for the rest of this task" (my agenda is the
    // diary).
    (&["your", "agenda"], "plan"),
    // "what project do you think you're working in".
    (
        &[
            "what|which",
            "workspace|project|repo|repository",
            "**",
            "you|we",
            "re|are",
            "working|operating|running",
            "in",
        ],
        "awareness",
    ),
    // What the agent has learnt: "which tricks have you been taught".
    (&["you", "been", "taught|trained|shown"], "skills"),
    // "the playbooks you currently have".
    (
        &["playbooks|skills|abilities", "you", "?", "have|got|know"],
        "skills",
    ),
    // "a ready-made skill I could add for expense reports".
    (
        &[
            "skill|skills",
            "**",
            "i|we",
            "could|can|might|should",
            "add|install|get",
        ],
        "install",
    ),
    (&["you", "?", "equipped|kitted", "to|for|out"], "skills"),
    // "which of my work apps can you reach", "which of the school's apps
    // can you use" (not "which of my accounts is the Gmail you use", who
    // the agent is).
    (
        &["apps|services|accounts", "**", "you", "reach|access"],
        "connectors",
    ),
    (&["apps|services", "**", "can", "you", "use"], "connectors"),
    // "which coding agents can you hand work off to".
    (
        &["which|what", "coding", "agent|agents|assistant|assistants"],
        "harnesses",
    ),
    // A harness runs the agent: "can I run you from inside VS Code".
    (
        &["run|launch|start", "you", "from|in|inside|under"],
        "harnesses",
    ),
    // Harnesses by another name: "what other agent shells can I use".
    (
        &[
            "agent",
            "shell|shells|cli|clis|runtime|runtimes|harness|harnesses|frontend|frontends|client|clients|program|programs",
        ],
        "harnesses",
    ),
    // What the gate said: "which requests got turned down", "has anyone
    // signed off on you sending emails".
    (&["got|were|was|been", "turned", "down"], "denied"),
    (&["vetoed|overruled"], "denied"),
    // "a report of the approvals I granted you".
    (
        &["approvals|approval|permissions", "i", "granted|gave|given"],
        "approved",
    ),
    // "did any of your shell commands get refused".
    (
        &["get|got|were|was|been", "refused|rejected|denied|blocked"],
        "denied",
    ),
    (&["signed", "off", "on"], "approved"),
    // Where the agent is at work: "what workspace are we in right now".
    (
        &[
            "what|which",
            "workspace|project|repo|repository|directory|folder",
            "**",
            "am|are",
            "i|we|you",
            "?",
            "in",
        ],
        "awareness",
    ),
    // What the agent's machine has: "does this box have python 3.12".
    (
        &[
            "this|my",
            "box|machine|laptop|computer",
            "have|has|got|run|runs|running",
        ],
        "shell command",
    ),
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
    // "ask the internet if the baths are open", "find websites about
    // volcanoes".
    (&["ask|try", "the", "web|internet"], LOOK_UP_ONLINE),
    // "what are the reviews saying about us on the web" (not "are you on
    // my computer or on the internet").
    (
        &["saying|say|says|said", "**", "on", "the", "web|internet"],
        LOOK_UP_ONLINE,
    ),
    (
        &["find|search|look", "**", "websites|webpages"],
        LOOK_UP_ONLINE,
    ),
    // The shell's `touch`, as a developer says it.
    (&["touch", "a|an", "new|empty"], "create"),
    (&["half", HOURS], "date"),
    (&["quarter", "past|to", HOURS], "date"),
    (&[HOURS, "till|until|til", HOURS], "date"),
    (
        &[
            "block",
            "out|off",
            "**",
            "morning|afternoon|evening|day|days|hour|hours|time|slot|week",
        ],
        "schedule",
    ),
    // The agent addressed as several: "I need three of you on this".
    (
        &["two|three|four|five|several|multiple|both", "of", "you"],
        "agents",
    ),
    // "get a few more of you working on this", "mini versions of you".
    (&["more", "of", "you", "working|on|doing|helping"], "agents"),
    (&["versions|copies|clones", "of", "you|yourself"], "agents"),
    (&["others|more", "like", "you"], "agents"),
    // "get a second assistant to double-check", "put a team of bots on
    // the bug list".
    // (Not "the second agent runtime here".)
    (
        &[
            "a|another",
            "second|extra",
            "assistant|assistants|agent|agents|helper|helpers",
        ],
        "agents",
    ),
    (
        &[
            "team|army|bunch|squad",
            "of",
            "bots|agents|helpers|assistants",
        ],
        "agents",
    ),
    // "I can't keep all five of these tasks in my head, farm them out".
    (&["farm", "**", "out"], "agents"),
    // "have a couple of agents compare three booking apps", "split the
    // research between a few assistants".
    (
        &[
            "couple|few|handful",
            "?",
            "?",
            "agents|helpers|assistants|subagents",
        ],
        "agents",
    ),
    (
        &[
            "word",
            "doc|docs|document|documents|file|files|version|copy|memo|memos|report|reports|letter|letters|flyer|flyers|handout|handouts|newsletter",
        ],
        "docx",
    ),
    (&["edit|open|opened|editable|edited", "in", "word"], "docx"),
    // "make a moving day checklist for customers in word", "draft a
    // maintenance agreement in word".
    (&[DOCUMENTS, "**", "in", "word"], "docx"),
    (&["program|programs|card|cards", "**", "in", "word"], "docx"),
    // "pull that page in": a page off the web.
    (
        &[
            "pull|bring|grab|fetch",
            "that|this|the",
            "?",
            "page|article",
            "in|up|down|over",
        ],
        "web page",
    ),
    (
        &["blog", "post|posts|entry|entries|article|articles"],
        "web page",
    ),
    // A pull request raised, by its short name: "PR" alone is too short
    // for the seed's keyword scorer to count. Not "PR" wherever it
    // stands: "my PR has conflicts with main" is a merge.
    (
        &[
            "raise|open|file|submit|send|propose|suggest|create|make|draft|prepare",
            "a|an|the|my",
            "?",
            "pr|mr",
        ],
        "pull request",
    ),
    // "didn't" is the tokens didn, t.
    (&["did|didn", "?", "i", "?", "mention"], REMEMBER),
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
    // "the difference between my branch and main", "what changed
    // between yesterday's build and today's" (not "how has the climate
    // changed between 1900 and 2000").
    (
        &[
            "difference|differences|different|changed|change|changes",
            "between",
            "**",
            "build|builds|commit|commits|branch|branches|version|versions|main|master|head|copy|release|releases|tag|tags",
        ],
        "diff",
    ),
    // Indian English: "what all changes I have done", "who all have
    // committed", "one new file has to be made".
    (&["changes", "i", "?", "?", "done|did|made"], "status"),
    (&["staging", "area"], "status"),
    // "is there anything staged that I forgot to commit".
    (
        &["anything|something", "staged|unstaged|uncommitted|unsaved"],
        "status",
    ),
    // "am I on the right branch".
    (&["i", "on", "**", "branch"], "status"),
    (&["haven|hasn|didn", "t", "?", "committed"], "status"),
    // Asked, "did I forget to commit anything" is the state of the tree.
    (
        &["did|have", "i", "forget|forgotten", "to", "commit|stage"],
        "uncommitted",
    ),
    (&["haven|hasn|didn", "t", "?", "pushed"], "push"),
    // "it has things not committed?", "is there stuff not committed".
    (
        &["files|things|stuff", "**", "not", "?", "committed"],
        "status",
    ),
    // "what is the state of my repository".
    (&["state", "of", "?", "repo|repository|checkout"], "status"),
    // "what's going on with my repo?", "a repo with uncommitted changes".
    (
        &["going", "on", "with", "?", "repo|repository|checkout"],
        "status",
    ),
    (
        &[
            "repo|repository|checkout|tree",
            "with|has",
            "?",
            "uncommitted|unstaged|staged",
        ],
        "status",
    ),
    // "I want my staged work committed with the message 'tidy'".
    (
        &["staged", "work|changes|files|edits", "committed"],
        "commit",
    ),
    (&["who", "?", "?", "committed"], AUTHOR),
    (
        &["file|document|page|folder", "?", "?", "be", "made|created"],
        "create",
    ),
    // Whether tests pass is learnt by running them.
    (&["tests", "?", TEST_OUTCOMES], "run"),
    // "kick off the benchmarks"; a match that kicks off is looked up, and
    // a meeting kicked off is held.
    (
        &[
            "kick|kicking",
            "off",
            "the|a|my|our|those|these|that|this",
            "?",
            "benchmark|benchmarks|build|builds|test|tests|suite|job|jobs|pipeline|pipelines|script|scripts|migration|migrations|deploy|deployment",
        ],
        "run",
    ),
    // "does the test suite still pass"; "the test fails" may be an exam.
    (&["test", "suite|suites", "?", TEST_OUTCOMES], "run"),
    (&["raised|lowered|increased|decreased", "to"], "edit"),
    (&["tidy|tidying", "up"], "edit"),
    (&["merged|merging", "**", "into"], "merge"),
    // "pull develop's changes into the branch I'm on".
    (
        &[
            "pull|bring|get",
            "**",
            "into",
            "my|the|this|our|your",
            "?",
            "branch",
        ],
        "merge",
    ),
    // "I'd like my landlord to get the repair photos by tonight": who is
    // to get a thing is sent it.
    (
        &[
            "like|want|need",
            "my|the|our",
            "*",
            "to",
            "get|receive",
            "the|my|our|these|those|this",
        ],
        "email",
    ),
    // The problem told instead of the fix. Someone who has not heard is
    // told, most often by email.
    (
        &["still", "doesn|don|hasn|haven", "t", "know|heard"],
        "email",
    ),
    (&["nobody|noone", "told|informed|warned|emailed"], "email"),
    (&["no", "one", "told|informed|warned|emailed"], "email"),
    // Indian English: "kindly revert to the client by EOD" (reply), not
    // "revert to the last commit".
    (
        &[
            "revert",
            "?",
            "to",
            "?",
            "client|clients|customer|customers|vendor|supplier|him|her|them|me|us|mr|ms|mrs|sir|madam",
        ],
        "email",
    ),
    (
        &["only", "on", "this|my", "machine|laptop|computer"],
        "push",
    ),
    // "the team hasn't seen my branch because it's only local".
    (&["s|is|are", "only", "local"], "push"),
    // "I don't want to lose what I've done today if my laptop dies".
    // (Not "would switching lose my local edits": that asks the status.)
    (&["lose", "what", "i|we"], "commit"),
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
    // "what does state law say about posting notice of a meeting", "what
    // does FERPA allow us to share with parents".
    (
        &[
            "what",
            "does|do",
            "**",
            LAWS,
            "say|allow|permit|require|forbid|prohibit",
        ],
        LOOK_UP_ONLINE,
    ),
    // "what Postgres error code 53300 means".
    (
        &[
            "what",
            "*",
            "error|errno",
            "code|codes|number",
            "**",
            "means",
        ],
        LOOK_UP_ONLINE,
    ),
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
    (&["where", "do|does", "we|i|you", CODE_VERBS], "grep"),
    // "where do we actually send the welcome email in the code".
    // "where do we spawn enemies in the level code".
    (
        &["where", "**", "**", "in", "the|our", "?", CODE_PLACES],
        "grep",
    ),
    // "the spots in our code where errors are swallowed".
    (&["in", "the|our", CODE_PLACES, "where"], "grep"),
    // "where is the feature flag checked".
    (
        &[
            "where",
            "is|are",
            "**",
            "**",
            "checked|defined|configured|initialised|initialized|parsed|imported|registered|handled",
        ],
        "grep",
    ),
    // "which module assembles the invoice PDF".
    (
        &[
            "which|what",
            "module|file|function|class|package|component|handler|service|endpoint|route|job",
            "assembles|builds|creates|generates|renders|handles|sends|computes",
        ],
        "grep",
    ),
    // "where does the app decide which locale to use".
    (
        &[
            "where",
            "does|do",
            "the|our",
            "app|code|backend|frontend|server|api|service|codebase",
            "decide|decides|choose|pick|check|set|handle|compute|load|read",
        ],
        "grep",
    ),
    // "where in the backend is the session cookie configured".
    (&["where", "in", "the|our", CODE_PLACES], "grep"),
    // "find every place we hardcode the tax rate" (not "places we could
    // eat in Rome").
    (&["every|each", "place|spot", "we|where"], "grep"),
    (&["where", "we", CODE_VERBS], "grep"),
    (
        &[
            "where",
            "do|does",
            "the|our|this",
            "app|application|service|server|program|client|backend|frontend|code",
            "read|load|get|take|parse",
        ],
        "grep",
    ),
    (
        &[
            "where",
            "**",
            "get|gets|got|is|are|s",
            "loaded|read|parsed|handled|initialised|initialized|registered|imported|validated|configured",
        ],
        "grep",
    ),
    (&["where", "**", "is|are|s", "defined|declared"], "grep"),
    (
        &[
            "where",
            "s|is|are",
            "the|that",
            "function|functions|method|methods|class|classes|handler|handlers|struct",
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
    (
        &[
            "differ|differs|differed",
            "from|to",
            "?",
            "main|master|develop|head|origin",
        ],
        "diff",
    ),
    // Whether a site answers is seen by fetching it: "is our marketing
    // site up right now".
    (
        &[
            "is|s|are",
            "**",
            "site|website|sites|websites",
            "up|down|reachable|online|offline",
        ],
        "web page",
    ),
    (&["listening|listens", "on", "port|ports"], "run"),
    // "get the app running on localhost".
    (&["on|at", "localhost"], "run"),
    // "which ports are open on this laptop".
    (
        &["port|ports", "?", "are|is", "open|free|taken|used"],
        "run",
    ),
    (&["is", "port", "?", "open|free|taken|used"], "run"),
    // "is anything listening on 5432", "what's listening on 8080".
    (
        &[
            "anything|something|nothing|what|whatever",
            "?",
            "listening|listens",
            "on",
        ],
        "run",
    ),
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
    (&["branch", "am|are", "i|we", "?", "on"], "status"),
    (&["behind|ahead", "?", "origin|upstream|remote"], "status"),
    (&["untracked"], "status"),
    // Work for several agents, or another one, is work done in parallel.
    (
        &[
            "several|multiple|many|few|two|three|four|five",
            "agents|helpers|workers",
        ],
        "parallel",
    ),
    (&["separate|another", "agent|helper"], "parallel"),
    // "clone yourself", "a second copy of you".
    (&["clone|copy|duplicate|fork|split", "yourself"], "parallel"),
    // "have two other instances do German and Italian".
    (
        &[
            "other|more|extra|additional|two|three|four",
            "instances|copies|clones",
        ],
        "parallel",
    ),
    (
        &[
            "copy|copies|clone|clones|instance|instances",
            "of",
            "you|yourself",
        ],
        "parallel",
    ),
    (
        &[
            "how",
            "many",
            "lines",
            "**",
            "add|added|change|changed|remove|removed",
        ],
        "diff",
    ),
    (&["branch", "i|we", "m|re|are", "on"], "status"),
    // "show what I changed in the Dockerfile": its lines, not which files.
    (&["what", "?", "i|we", CHANGED, "in"], "diff"),
    // "what does the deploy script do when …", "the deploy script, what
    // does it actually do": read it to say.
    (
        &[
            "what",
            "does|do",
            "**",
            "script|scripts|file|files|function|module|class|method|config|job|handler|hook|middleware|workflow|target|targets",
            "?",
            "do|put|write|insert|return|create",
        ],
        "read",
    ),
    (
        &[
            "script|file|function|module|class|method|config|job",
            "**",
            "what",
            "does",
            "it|this|that",
            "?",
            "do|run",
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
            "?",
            "output|prints|printed",
        ],
        "run",
    ),
    (&["conversation|chat", "about"], REMEMBER),
    (&["from", "last", "time"], REMEMBER),
    // A disk's free space is the shell's `df`.
    (
        &["partition|disk|volume", "?", "?", "full|space"],
        "shell command",
    ),
    // A folder's size is the shell's `du`.
    (&["size", "of", "**", FOLDERS], "shell command"),
    (&["tab|tabs", "to|into|for|with", "spaces"], "edit"),
    // Where a program starts is found in its code.
    (&["entry", "point|points"], "grep"),
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
    (&["commits", "*", "by"], AUTHOR),
    // Git said by someone who knows none of its words: "different from
    // the saved version", "send my saved work to the online copy", "bring
    // their version of the code into mine", "the last person to change
    // the pricing page", "what did I type differently", "mark this moment
    // in the project", "okay my edits before they're added" (not "who
    // made the last few updates": the tax code's are the world's).
    (
        &[
            "different|differ",
            "from",
            "the|my",
            "?",
            "saved|last",
            "version|copy",
        ],
        "diff",
    ),
    (
        &[
            "file|files|code|page",
            "compared",
            "to|with",
            "before|earlier",
        ],
        "diff",
    ),
    (&["did", "i", "*", "differently"], "diff"),
    (
        &["to", "the", "online|shared|remote|central", "copy|version"],
        "push",
    ),
    (&["changes|edits|work", "show", "up"], "push"),
    // "I want my work safely on the server before I leave".
    (
        &[
            "my|our",
            "work|changes|commits|edits",
            "?",
            "on|onto",
            "the",
            "server|remote",
        ],
        "push",
    ),
    // "the bits I changed aren't on the team's copy yet".
    (
        &["on|to|onto", "the", "team|everyone", "s", "copy|version"],
        "push",
    ),
    // "blend it into the one we publish from".
    (&["blend|blended|mix|mixed", "**", "into"], "merge"),
    // "put my changes up for the others to check and approve".
    (&["check|review", "and", "approve|okay|ok"], "pull request"),
    // "bookmark this moment in the project's history".
    (&["bookmark|mark", "this|the", "moment|point"], "commit"),
    // "the website our code is kept on".
    (
        &["code", "is|s", "kept|stored|hosted|lives"],
        "code hosting",
    ),
    (&[WORK, "**", "into", "mine|ours"], "merge"),
    (&[WORK, "**", "into", "my|our", "copy|version"], "merge"),
    (&["last", "person|one", "to", CHANGED], AUTHOR),
    (
        &[
            "forget|forgot",
            "to",
            "lock|save|store",
            "**",
            "edits|changes|work",
        ],
        "status",
    ),
    (
        &["put|save|store", "**", "into|in", "the", "history"],
        "commit",
    ),
    (
        &[
            "this",
            "moment|point|state",
            "in",
            "the",
            "project|code|repo",
        ],
        "commit",
    ),
    (
        &["before", "they|it", "become|go|are|is", "official|in"],
        "pull request",
    ),
    (
        &[
            "okay|ok|approve|review",
            "**",
            "my",
            "edits|changes",
            "before",
        ],
        "pull request",
    ),
    // "has anything been pushed to origin since yesterday", "stored in the
    // project's history": the history, not a push.
    (
        &["been", "pushed", "to", "origin|main|master|remote"],
        "log of commits",
    ),
    (
        &[
            "stored|saved|recorded",
            "in",
            "the",
            "project|repo|code",
            "?",
            "history",
        ],
        "log of commits",
    ),
    // The same in shorthand, or asked outright: "am I clean or dirty",
    // "pending edits", "exactly what I changed", "line-by-line changes
    // before I commit", "which words I added and took out", "someone
    // reverted my fix, who", "the fixes from develop, bring them over",
    // "put that into the main one", "somewhere safe in the project's
    // record", "show up for everybody else", "make commits on my behalf".
    (&["am", "i|we", "clean|dirty"], "uncommitted"),
    (&["pending", "edits|changes"], "uncommitted"),
    (&["unsaved", "edits|changes|work"], "uncommitted"),
    (&["exactly", "what", "i|we|you", "changed|edited"], "diff"),
    (&["line", "by", "line", "changes|differences|edits"], "diff"),
    (&["changes", "before", "i|we", "commit"], "diff"),
    (&["i|we", "added", "and", "took|removed|deleted"], "diff"),
    (&["reverted|undid|undone", "my|our", "**", "who"], AUTHOR),
    (
        &[
            WORK,
            "from",
            "*",
            "bring|carry|pull",
            "them|it|those",
            "over|across|in",
        ],
        "merge",
    ),
    (
        &[
            "put|bring|move",
            "that|it|this|those",
            "into",
            "the",
            "main",
            "one|version|copy",
        ],
        "merge",
    ),
    (
        &["put|save|store|keep", "**", "project", "s", "record"],
        "commit",
    ),
    (&["show", "up", "for", "everybody|everyone|others"], "push"),
    (&["make|making", "commits", "on|for"], "commit"),
    // "what lines did we touch since Monday", "yeet my commits up to github",
    // "before it goes into the main copy", "fold the side copy back into the
    // real one", "every time someone saved a new version", "my saved version
    // where the team can pick it up", "pieces I've touched but not put away".
    (
        &[
            "what|which",
            "lines",
            "did",
            "i|we|you",
            "touch|change|edit|alter",
        ],
        "diff",
    ),
    (
        &[
            "commits|changes|them|work|branch",
            "up",
            "to",
            "?",
            "github|gitlab|bitbucket|remote|origin",
        ],
        "push",
    ),
    (
        &[
            "before",
            "it|they",
            "goes|go|gets|get",
            "into",
            "the",
            "main|real|shared",
        ],
        "pull request",
    ),
    (
        &["back", "into", "the", "real|main", "one|copy|version"],
        "merge",
    ),
    (
        &[
            "time|times",
            "someone|somebody|anyone|people|we|i",
            "saved|stored",
            "**",
            "version|versions",
        ],
        "log of commits",
    ),
    (
        &[
            "saved|latest|finished",
            "version|work|changes",
            "**",
            "where",
            "**",
            "can",
            "get|pick|grab|fetch",
        ],
        "push",
    ),
    (
        &[
            "touched|changed|edited",
            "but",
            "not",
            "**",
            "saved|committed|put|stored",
        ],
        "uncommitted",
    ),
    // "what got committed over the weekend", "commit the 2 changed files",
    // "keep a copy of how my story looks right now", "the newest version up to
    // where my group reads it", "different from the copy I kept yesterday".
    (&["what", "got", "committed"], "log of commits"),
    (
        &[
            "what",
            "was|were",
            "committed",
            "over|since|this|last|yesterday|today",
        ],
        "log of commits",
    ),
    (
        &[
            "commit",
            "the|my|these|those|both|all",
            "**",
            "files|changes|edits|work",
        ],
        "commit",
    ),
    (
        &["copy|snapshot", "of", "how", "**", "looks|is", "right|now"],
        "commit",
    ),
    (
        &["version|work|changes|copy", "**", "up", "to", "where"],
        "push",
    ),
    (
        &[
            "different|differ",
            "from",
            "the|my",
            "copy|version",
            "i|we",
            "kept|saved|made|had",
        ],
        "diff",
    ),
    // "who first added the payments module", "so Sam can check my
    // changes", "merge upstream main into my fork's branch", "for Jonas to
    // be able to pull my work".
    (
        &[
            "who",
            "first",
            "added|wrote|created|introduced",
            "the|this|our",
            "*",
            "module|file|function|class|feature|config|page",
        ],
        AUTHOR,
    ),
    (
        &[
            "so",
            "*",
            "can",
            "check|review|look",
            "**",
            "my|our",
            "changes|code|edits",
        ],
        "pull request",
    ),
    (
        &["main|master|develop|upstream", "into", "my|our|this"],
        "merge",
    ),
    (&["able", "to", "pull|fetch|get", "my|our"], "push"),
    // "PR my branch", "cloud-sync my commits", "a note in the project's
    // past", "onto the shared place", "every saving point anyone has
    // made", "pieces the project hasn't taken in yet", "before it becomes
    // part of the real thing", "join my trial version with the proper
    // one", "who put in the paragraph about refunds", "what was there
    // last week next to what's there now".
    (
        &["pr", "my|this|that|the", "?", "branch|changes|fix|work"],
        "pull request",
    ),
    (&["sync|upload", "my|the", "commits"], "push"),
    (
        &[
            "note|mark",
            "in",
            "the",
            "project",
            "s",
            "past|history|record",
        ],
        "commit",
    ),
    (
        &["onto|to", "the", "shared|common", "place|spot|copy|version"],
        "push",
    ),
    (
        &["every|all|each", "saving|save", "point|points"],
        "log of commits",
    ),
    (
        &["project|repo", "hasn|hasnt|hadn", "?", "taken|got|received"],
        "uncommitted",
    ),
    (
        &["before", "it|they", "becomes|become", "part", "of"],
        "pull request",
    ),
    (
        &[
            "trial|test|practice|side|experimental",
            "version|copy",
            "with|into",
            "the",
            "proper|real|main",
        ],
        "merge",
    ),
    (
        &[
            "who|person",
            "put|added|wrote",
            "in",
            "the",
            "paragraph|line|section|sentence",
        ],
        AUTHOR,
    ),
    (
        &["what", "was", "there", "**", "what", "s|is", "there", "now"],
        "diff",
    ),
    // Files and the machine in plain words: "every TODO left in the python
    // files", "look through all our project files for the word 'beta'",
    // "somewhere in our files it says …", "which folder is the logo kept
    // in", "fix that line", "in the prices file, the coffee should cost
    // 3.50 instead of 3", "do the thing where you type commands", "is the
    // computer running low on memory", "the website program still going
    // on this computer".
    (
        &[
            "todo|todos|fixme|fixmes",
            "**",
            "in",
            "the|our|all",
            "?",
            "files|scripts",
        ],
        "grep",
    ),
    (
        &[
            "files|project|repo",
            "**",
            "for",
            "the",
            "word|words|phrase|sentence|text|string",
        ],
        "grep",
    ),
    (
        &["files|code", "?", "where", "it|they", "says|say|mentions"],
        "grep",
    ),
    (
        &["in", "our|the|my", "files|code", "it|that", "says|mentions"],
        "grep",
    ),
    (
        &[
            "which|what",
            "folder|directory",
            "is|are",
            "**",
            "kept|stored|saved",
        ],
        "find",
    ),
    (&["fix", "that|this", "line"], "edit"),
    (&["file", "**", "should", "**", "instead", "of"], "edit"),
    (
        &["type|types|typing", "?", "commands|command"],
        "shell command",
    ),
    (
        &[
            "computer|machine|laptop|server|box",
            "**",
            "low",
            "on",
            "memory|disk|space|ram",
        ],
        "shell command",
    ),
    (
        &[
            "still",
            "going|running",
            "on",
            "this|my|the",
            "computer|machine|laptop|server",
        ],
        "shell command",
    ),
    // The same in shorthand, or asked outright: "a Makefile in here
    // somewhere", "a file called like nginx conf, where is it", "which
    // folder is it in", "something still imports the old logger", "if any
    // file still references the old host" (or "every file that says
    // 'deprecated'"), "change a line without
    // rewriting it", "make sure the code still compiles", "if there's no
    // LICENSE file, create one".
    (&["in", "here", "somewhere"], "find files"),
    (
        &["file", "called|named", "**", "where", "is|are|s"],
        "find files",
    ),
    (
        &["which|what", "folder|directory", "is|are", "it|they", "in"],
        "find files",
    ),
    (
        &[
            "something|what|anything|which",
            "still",
            "imports|calls|uses",
        ],
        "grep",
    ),
    (
        &[
            "any|which|what|every",
            "file|files",
            "still|that|which",
            "references|reference|mentions|mention|uses|use|imports|import|calls|call|says|say|contains|contain",
        ],
        "grep",
    ),
    (&["without", "rewriting|overwriting"], "edit"),
    (
        &[
            "code|project|app|it",
            "still",
            "compiles|builds|compile|build",
        ],
        "run",
    ),
    (&["no", "*", "file", "**", "create|make|write|add"], "write"),
    // "the files whose names end in .bak", "which of my files even say
    // 'homework'", "where in src do we call .map", "somewhere on this laptop",
    // "the code still works", "the tea should say four pounds not three", "what
    // the instructions file says", "run it and show me the failures".
    (&["files", "whose", "name|names"], "find files"),
    (
        &[
            "which",
            "of",
            "my|our|the",
            "files|writings|documents",
            "?",
            "set|sets|has|have",
        ],
        "grep",
    ),
    // "which of my chapter drafts cite Hinton 2006", "which of our menu
    // files still list the crab cakes"; "has|have" only right after the
    // files (above), as "which of my working files have been altered"
    // says nothing of their words.
    (
        &[
            "which",
            "of",
            "my|our|the",
            "?",
            "files|writings|documents|docs|drafts|chapters|notes|papers|pages|posts|scripts|recipes",
            "?",
            "say|says|mention|mentions|contain|contains|cite|cites|quote|quotes|list|lists|include|includes|reference|references|use|uses",
        ],
        "grep",
    ),
    // "which of the script drafts have the new ending" (not "which of my
    // working files have been altered").
    (
        &[
            "which",
            "of",
            "my|our|the",
            "?",
            "drafts|versions|copies|files|documents|docs|chapters|notes|scripts",
            "have|has",
            "the|a|an|any|my|our",
        ],
        "grep",
    ),
    // "which of our past proposals talk about the reading camp".
    (
        &["which", "of", "my|our", "**", "talk|talks", "about"],
        "grep",
    ),
    // "which repair orders mention a check engine light", "which
    // resolutions from this year mention the water tower": papers kept
    // (not "which songs mention New York").
    (
        &[
            "which",
            "?",
            "?",
            "orders|resolutions|records|notes|files|tickets|entries|applications|claims|recipes|emails",
            "**",
            "mention|mentions|reference|references",
        ],
        "grep",
    ),
    // "which of the teacher evaluations bring up classroom management",
    // "which incident reports involve the playground".
    (
        &[
            "which",
            "?",
            "?",
            "?",
            DOCUMENTS,
            "**",
            "mention|mentions|reference|references|involve|involves|bring|brings|discuss|discusses|cite|cites",
        ],
        "grep",
    ),
    // "search the ordinance files for anything about golf carts": what
    // they say, not their names.
    (
        &[
            "search|comb",
            "the|my|our|all",
            "**",
            "files|documents|docs|notes|records|folder",
            "for",
            "anything|everything|any|every",
        ],
        "grep",
    ),
    // "which adjuster notes still reference the old deductible", "which
    // of the estimates still say 2024 prices": which of many still hold
    // words is a search of their contents.
    (
        &[
            "which",
            "**",
            "still",
            "say|says|mention|mentions|reference|references|cite|cites|list|lists|quote|quotes|include|includes|contain|contains",
        ],
        "grep",
    ),
    (
        &[
            "where",
            "in",
            "src|lib|app|tests",
            "do|does",
            "we|i|you",
            CODE_VERBS,
        ],
        "grep",
    ),
    (
        &[
            "somewhere|where",
            "on",
            "this|my|the",
            "computer|laptop|machine|drive|disk|pc|mac",
        ],
        "find files",
    ),
    (
        &[
            "code|project|app|tests|build",
            "still",
            "works|work|runs|passes|pass",
        ],
        "run",
    ),
    (&["should", "say|read|cost|be|equal", "**", "not"], "edit"),
    (
        &["what", "the", "*", "file", "**", "says|say|contains"],
        "read",
    ),
    (
        &["run", "it|this|that", "and", "show|tell|give|paste"],
        "run",
    ),
    // "TODOs left in src", "every occurrence of 8080 in our code", "the ones
    // that mention stripe", "lines 100 to 150 of …", "it should cost 9.99 not
    // 12.99", "Sam's is wrong, it should be the 9th", "which part of the
    // computer is it in", "inside all my typed pages", "anything over 500 MB in
    // the downloads folder", "check with du", "documents you can print".
    (
        &[
            "todo|todos|fixme|fixmes",
            "**",
            "in",
            "src|code|codebase|source|repo|project",
        ],
        "grep",
    ),
    (
        &[
            "occurrence|occurrences|instance|instances",
            "**",
            "in",
            "our|the|my|this",
            "code|codebase|source|files|repo|project",
        ],
        "grep",
    ),
    (&["the", "ones", "that|which", MENTIONING], "grep"),
    (&["lines", "*", "to|through", "*", "of"], "read"),
    (&["is|s", "wrong", "**", "should", "be|say|read"], "edit"),
    (
        &[
            "which|what",
            "part",
            "of",
            "the|my",
            "computer|laptop|machine|drive|disk",
        ],
        "find files",
    ),
    (
        &[
            "inside",
            "all|every",
            "my|our|the",
            "?",
            "pages|files|documents|writings",
        ],
        "grep",
    ),
    (
        &[
            "files|file|anything|folder|folders",
            "**",
            "over|above|bigger|larger|than",
            "*",
            "kb|mb|gb|tb",
        ],
        "shell command",
    ),
    (
        &[
            "with|using",
            "du|df|lsof|htop|ffmpeg|mogrify|imagemagick|pandoc|jq|sed|awk|rsync|unzip|curl|wget",
        ],
        "shell command",
    ),
    (
        &[
            "letter|letters|document|documents|summary|report|plan|sheet|page|handout|flyer|chart|list|schedule",
            "**",
            "i|we|you",
            "can|could",
            "print",
        ],
        "word document",
    ),
    // "the word 'retention' is in one of the files", "the file is called
    // settings.yml, where is it", "the signed contract pdf on this
    // machine", "which module reads the MAX_UPLOAD setting".
    (
        &[
            "is|appears",
            "in",
            "one|some|any",
            "of",
            "the|my|our",
            "files|documents|pages",
        ],
        "grep",
    ),
    (&["file", "is", "called|named", "**", "where"], "find files"),
    (
        &[
            "pdf|file|files|document|photo|photos",
            "**",
            "on",
            "this|my",
            "machine|computer|laptop|drive|disk",
        ],
        "find files",
    ),
    (
        &[
            "which",
            "module|modules|file|files|function|functions",
            "reads|read|uses|use|sets|set|loads|load|calls|call|defines|define",
        ],
        "grep",
    ),
    // "where's it kept, the file called …", "it's somewhere in this
    // project", "somewhere on here", "the file with the welcome words and
    // what it has in it", "how much room the computer has left".
    (
        &["where", "s|is", "it", "kept|stored|saved", "**", "file"],
        "find files",
    ),
    (
        &[
            "somewhere",
            "in",
            "this|the|our|my",
            "project|repo|folder|codebase",
        ],
        "find files",
    ),
    (&["somewhere", "on", "here"], "find files"),
    (&["file", "**", "what", "it", "has|says|contains"], "read"),
    (
        &[
            "how",
            "much",
            "room|space",
            "**",
            "computer|laptop|machine|disk|drive",
        ],
        "shell command",
    ),
    // The agent asked about itself in plain words: "are you on my
    // computer", "my real files or a practice copy", "do you have to ask
    // me before you change things", "without me clicking okay", "what
    // you've been up to", "does it look like it came from me", "which
    // login are you using", "learn a new trick", "something I can add to
    // you", "what can you do out of the box", "talk to you from other AI
    // programs", "what you mean to do", "what do you remember about how I
    // like …", "what name did I give you for …".
    (
        &[
            "are",
            "you",
            "on",
            "my|this|a",
            "computer|laptop|machine|server",
        ],
        "awareness",
    ),
    (
        &[
            "my",
            "real|actual",
            "files|stuff|data|account|accounts|system",
        ],
        "awareness",
    ),
    (
        &["you", "**", "ask|check", "?", "me", "before|first"],
        "autonomy",
    ),
    // "do you send notices yourself or do they come to me first", "are
    // you going to ask before charging a card".
    (&["you", "**", "yourself", "or"], "autonomy"),
    (&["you", "**", "by", "yourself"], "autonomy"),
    // "would you reply to an angry review yourself" (not "can you fix it
    // yourself", a task), "can you send an obituary to the paper without
    // my okay" (not "if you ran anything without my OK, list it", the
    // audit's).
    (&["would|will", "you", "**", "yourself"], "autonomy"),
    (
        &[
            "can|could|would|will|do",
            "you",
            "**",
            "without",
            "my|our",
            "?",
            "okay|ok|approval|permission|signoff|sign|say|blessing|go",
        ],
        "autonomy",
    ),
    (&["you", "**", "ask", "before|first"], "autonomy"),
    (
        &["you", "wait", "for", "me|my", "to|ok|okay|yes|approval"],
        "autonomy",
    ),
    (
        &[
            "without",
            "me",
            "clicking|saying|approving|pressing|checking|seeing|reviewing|signing|okaying|looking|reading|knowing|watching",
        ],
        "autonomy",
    ),
    (&["thumbs", "up", "from", "me"], "autonomy"),
    // "would you cancel an appointment without asking me", "can you email
    // parents without running it by me" (not "deploy without running the
    // tests").
    (
        &["you", "**", "without", "asking|checking|consulting"],
        "autonomy",
    ),
    (
        &[
            "without",
            "running|clearing",
            "it|this|that|them|anything",
            "by|with",
            "me|us",
        ],
        "autonomy",
    ),
    (&["you", "ve|have", "been", "up", "to"], "audit"),
    // "which staff files are missing a CPR certificate" (not "which files
    // are missing from the backup").
    (
        &[
            "which",
            "?",
            "?",
            FILE_KINDS,
            "are|is",
            "missing|lacking",
            "a|an|the|any",
        ],
        "grep",
    ),
    (
        &[
            "which",
            "?",
            "?",
            DOCUMENTS,
            "are|is",
            "missing|lacking",
            "a|an|the|any",
        ],
        "grep",
    ),
    // "the Garcia twins can't have dairy, keep that somewhere", "file away
    // that the garage code is 7731" (not "file away the receipts").
    (&["keep|stash|store", "that|this|it", "somewhere"], REMEMBER),
    (&["file|tuck", "away", "that"], REMEMBER),
    (&["file|tuck", "that|this", "away"], REMEMBER),
    // "what steps would you take to get ready for the inspection" (not
    // "what steps should you take after a car accident").
    (
        &["what", "steps", "would|will|d", "you", "take|follow"],
        "plan",
    ),
    // "can you email parents with no sign off from me", "would you charge
    // a customer's card with nobody checking".
    (
        &[
            "you",
            "**",
            "with",
            "no|nobody",
            "?",
            "sign|signoff|checking|check|approval|approving|review|reviewing|looking|watching|okay|oversight|supervision",
        ],
        "autonomy",
    ),
    // "what could an assistant like you handle at a daycare", "is there
    // anything you can help a locksmith with" (not "which runners can
    // execute an agent like you").
    (
        &[
            "what",
            "can|could|would",
            "a|an",
            "assistant|agent|ai|bot|helper",
            "like",
            "you",
        ],
        "skills",
    ),
    (
        &[
            "anything",
            "you",
            "can|could",
            "help",
            "a|an",
            "?",
            "?",
            "with",
        ],
        "skills",
    ),
    // "send out some agents to price key blanks" (not "have two agents
    // show the house", people).
    (
        &[
            "send|put|dispatch|spin|set|get|have",
            "?",
            "some|several|multiple|few",
            "agents|helpers|subagents",
        ],
        "agents",
    ),
    // "is there a way for you to work with my invoicing program" (not
    // "could you work on the app's login bug").
    (
        &[
            "you",
            "?",
            "?",
            "work|connect|hook|link|sync|integrate|plug",
            "?",
            "with|to|into|up",
            "**",
            "program|programs|software|system|app|apps|platform|portal|pos",
        ],
        "connectors",
    ),
    // "the lockout instructions card should also be in Portuguese".
    (
        &[
            "should|must|needs|has|have|will",
            "?",
            "?",
            "be",
            "in",
            LANGUAGES,
        ],
        "translate",
    ),
    // "list the files in the invoices folder by date".
    (
        &[
            "in",
            "the|my|our|this",
            "?",
            "?",
            FOLDERS,
            "?",
            "by|sorted|ordered",
            "date|size|name|age|modified",
        ],
        "shell command",
    ),
    (&["have", "you", "been", "up", "to"], "audit"),
    (&["have", "you", "been", "doing"], "audit"),
    // "the background reading we set you up with".
    (&["we|i", "set", "you", "up", "with"], "knowledge base"),
    // "the bits about me you've kept".
    (
        &["about", "me", "you", "ve|have", "kept|stored|saved"],
        REMEMBER,
    ),
    // "open that link I gave you".
    (&["link|url", "i", "gave|sent|pasted|shared"], "fetch page"),
    // "the exact edits sitting in the index": git's staging area.
    (&["edits|changes", "**", "in", "the", "index"], "diff"),
    (
        &[
            "our|the|company",
            "policy|policies",
            "docs|documents|pages|handbook|wiki",
        ],
        "knowledge base",
    ),
    (&["you", "about", "to", "do"], "plan"),
    // "list what I committed yesterday".
    (&["what", "i|we", "committed"], "history"),
    // "block 9 to 11 every weekday for deep work".
    (
        &[
            "block|blocking",
            "**",
            "weekday|weekdays|mornings|afternoons|evenings",
        ],
        "schedule",
    ),
    // "pull up that URL and give me the gist of it".
    (
        &["pull|bring|load", "up", "that|the|this", "url|link|address"],
        "fetch page",
    ),
    // "count how many times 'deprecated' appears across src".
    (
        &[
            "how",
            "many",
            "times",
            "**",
            "appear|appears|occur|occurs|mentioned|used",
        ],
        "grep",
    ),
    // "the 2 latest versions of Node and what changed": releases of
    // something out there, not of a file here.
    (
        &["latest|newest", "?", "versions|releases", "of"],
        LOOK_UP_ONLINE,
    ),
    // "the bug tracker the developers use".
    (&["bug|issue", "tracker"], "ticket"),
    // "see what the wider world says", "type the magic words in the black
    // window", "the reading material we loaded into you".
    (&["wider", "world"], LOOK_UP_ONLINE),
    (
        &["black|command|terminal", "window|box|screen"],
        "shell command",
    ),
    (&["loaded|fed|uploaded", "into|to", "you"], "knowledge base"),
    // "lay out your moves for this job".
    (&["your", "moves|gameplan"], "plan"),
    // "the colour says blue, make it green".
    (&["says", "*", "make|change|set", "it|that"], "edit"),
    // "a picture called beach, find it".
    (
        &["picture|photo|image|screenshot", "called|named"],
        "find files",
    ),
    // "did you already run the migrations", "did you actually send it".
    (&["did", "you", "already|actually|really|ever"], "audit"),
    // "did the newsletter go out to families yet", "did the reminder about
    // the bus go to parents", "what emails went out to customers today"
    // (not "did the power go out").
    (
        &[
            "did",
            "the|my|our",
            "?",
            "?",
            SENDINGS,
            "**",
            "go|get",
            "out|sent|to",
        ],
        "audit",
    ),
    (&["what|which", "*", "went", "out", "to"], "audit"),
    // "did you confirm tomorrow's appointments", "did you fax or send
    // anything to Aetna", "did you call or email the Hendersons": what the
    // agent did for others.
    (
        &[
            "did",
            "you",
            "confirm|remind|notify|text|message|fax|invite|cancel|reschedule|call|email|contact|phone|answer|reply|respond",
        ],
        "audit",
    ),
    // "did anything go out to the Parkers from you today".
    (&["did", "anything|something", "go|get", "out"], "audit"),
    // "did the class cancellation text reach everyone", "was the closure
    // notice actually sent to families" (not "was the invoice sent by the
    // vendor a fake", nor "did the package reach the warehouse").
    (
        &[
            "did|has|have",
            "the|my|our",
            "?",
            "?",
            SENDINGS,
            "reach|reached|arrive|arrived|land|landed",
        ],
        "audit",
    ),
    (
        &[
            "was|were",
            "the|my|our",
            "?",
            "?",
            SENDINGS,
            "?",
            "sent|delivered|mailed|emailed|texted",
            "to|out",
        ],
        "audit",
    ),
    // "show me what messages you sent to the Butterfly room parents".
    (
        &[
            "what|which",
            "?",
            "messages|emails|texts|letters|replies|notes|invoices|reminders",
            "you",
            "sent|wrote|mailed|emailed|texted|posted",
        ],
        "audit",
    ),
    // "which address do your emails to students come from".
    (
        &[
            "your",
            "emails|texts|messages|mails|invoices|letters",
            "**",
            "come|coming|came",
            "from",
        ],
        "identity",
    ),
    // "what name do families see on your emails", "what's the sender
    // address on the HOA emails you write" (not "the sender address on
    // this phishing email").
    (
        &[
            "what|which",
            "name|address|email|number",
            "do|does|will",
            "*",
            "see",
            "on|in",
            "your",
        ],
        "identity",
    ),
    (
        &["sender|from", "address|name|line", "**", "you"],
        "identity",
    ),
    // "did the obituary get emailed to the paper" (not "did the package
    // get delivered").
    (
        &[
            "did",
            "the|my|our|that|this",
            "?",
            "?",
            "get|go",
            "emailed|mailed|texted|faxed|sent|posted",
        ],
        "audit",
    ),
    // "where did we keep the landscaping contract".
    (
        &[
            "where",
            "did|do|does",
            "we|i|you",
            "keep|put|file|store|save|stash",
            "the|my|our",
            "**",
            DOCUMENTS,
        ],
        "find files",
    ),
    // "is Saturday supposed to be clear for the graveside service", "will
    // the ice storm hit us Thursday".
    (
        &[
            "supposed|going|expected|forecast",
            "to",
            "be",
            "clear|sunny|rainy|nice|cold|hot|warm|windy|stormy|snowy|dry|wet|freezing|icy",
        ],
        LOOK_UP_ONLINE,
    ),
    (
        &[
            "will|is",
            "the",
            "?",
            "storm|hurricane|blizzard|snowstorm|front|heatwave|freeze|snow|rain",
            "hit|reach|miss",
        ],
        LOOK_UP_ONLINE,
    ),
    // "the Hendersons at lot 14 always pay late, keep that in your notes".
    (
        &[
            "keep|put|add|store|save",
            "that|this|it",
            "in",
            "your",
            "notes|memory|head",
        ],
        REMEMBER,
    ),
    // "the Franklins don't want bleach used anywhere, save that for
    // later" (not "save the file for later review").
    (
        &["save|keep|hold", "that|this|it", "for", "later"],
        REMEMBER,
    ),
    // "did Lily's mom get my email about the recital", "did the client
    // get our invoice" (not "did you get my email", the inbox's).
    (
        &[
            "did",
            "*",
            "s",
            "?",
            "get|receive|see|open|read",
            "my|our|the|a|an",
            "?",
            SENDINGS,
        ],
        "audit",
    ),
    (
        &[
            "did",
            "the|our|my",
            "?",
            "?",
            "get|receive|see|open|read",
            "my|our|the|a|an",
            "?",
            SENDINGS,
        ],
        "audit",
    ),
    // "have the organizer packets gone out to all clients", "was the
    // invoice for 44 Pine sent".
    (
        &[
            "have|has",
            "the|my|our",
            "?",
            "?",
            SENDINGS,
            "gone|been",
            "out|sent",
        ],
        "audit",
    ),
    (
        &[
            "was|were",
            "the|my|our",
            "?",
            "?",
            SENDINGS,
            "for|to",
            "*",
            "sent|delivered|mailed|emailed",
        ],
        "audit",
    ),
    // "parents get your messages from what address", "what email do
    // clients get your confirmations from".
    (
        &[
            "get|receive|see",
            "your",
            "?",
            "messages|emails|texts|confirmations|reminders|invoices|mail|mails|letters|invites",
            "from",
        ],
        "identity",
    ),
    // "which phone number do you use to text owners", "what do adopters
    // see as the sender of your emails".
    (
        &[
            "which|what",
            "phone|number|email|address|name|account",
            "**",
            "you",
            "use|using",
            "to",
            "text|email|message|call|write|contact|reach",
        ],
        "identity",
    ),
    (&["sender", "of", "your"], "identity"),
    // "would you approve an adoption application without a staff
    // member".
    (
        &[
            "would|will|can|could|do",
            "you",
            "**",
            "without",
            "a|an|any",
            "?",
            "staff|human|person|manager|supervisor|owner|member|approver",
        ],
        "autonomy",
    ),
    // "rename the intake photos to the animal ids", "how much space are
    // the photos taking up" (not "how much space does a piano take up").
    (
        &["rename", "the|all|my|our|these|those", "?", "?", FILE_KINDS],
        "shell command",
    ),
    (
        &[
            "how",
            "much",
            "space|room|storage",
            "are|is|do|does",
            "the|my|our|these|those",
            "?",
            FILE_KINDS,
        ],
        "shell command",
    ),
    // "convert all the wav files in recordings to mp3".
    (
        &[
            "convert|transcode|compress|resize",
            "**",
            "to|into",
            "mp3|mp4|wav|png|jpg|jpeg|webp|gif|flac|ogg|m4a|mov|avi|webm|heic",
        ],
        "shell command",
    ),
    // "is it going to snow Monday morning".
    (
        &[
            "going",
            "to",
            "snow|rain|pour|storm|freeze|hail|sleet|drizzle",
        ],
        LOOK_UP_ONLINE,
    ),
    // "track down last year's return for the Patels".
    (
        &["track|hunt|dig", "down|up|out", "**", "return|returns"],
        "find files",
    ),
    // "the client checklist should be available in Vietnamese", "the crew
    // checklist has to work for our Spanish speakers".
    (
        &["available|offered|provided|printed|posted", "in", LANGUAGES],
        "translate",
    ),
    (
        &[
            "work|readable|understandable|usable",
            "for",
            "our|the|my",
            "?",
            LANGUAGES,
            "speakers|speaking|readers",
        ],
        "translate",
    ),
    // "which student files still have the old lesson rate", "which lesson
    // notes say a student is struggling" (not "which browsers still use
    // Flash").
    (
        &[
            "which",
            "?",
            "?",
            FILE_KINDS,
            "still",
            "have|has|say|says|list|lists|mention|mentions|show|shows|use|uses|contain|contains|include|includes",
        ],
        "grep",
    ),
    (
        &["which", "?", "notes", "say|says|mention|mentions|talk"],
        "grep",
    ),
    // "have you emailed anyone about the event yet".
    (
        &[
            "have",
            "you",
            "emailed|texted|messaged|called|contacted|told|posted|replied|answered|ordered",
        ],
        "audit",
    ),
    // "has my PR been approved": a review, not the agent's approvals.
    (&["pr|prs|pull", "**", "approved|reviewed"], "pull request"),
    // "did Sam push his changes yesterday".
    (
        &["did|has", "*", "push|pushed", "his|her|their"],
        "log of commits",
    ),
    // "has the helper been doing things on here while I was out".
    (&["been", "doing", "things|stuff|anything"], "audit"),
    (
        &["look", "like", "it", "came|comes", "from", "me"],
        "identity",
    ),
    (
        &["login|account|username", "are", "you", "using"],
        "identity",
    ),
    (
        &["learn", "a|any", "?", "new", "trick|tricks|skill|skills"],
        "skill",
    ),
    (&["add", "to", "you"], "skill"),
    (&["you", "**", "do", "out", "of", "the", "box"], "skills"),
    (
        &[
            "talk|speak|chat",
            "to|with",
            "you",
            "from|through|in|inside",
        ],
        "harnesses",
    ),
    (
        &["use", "you", "inside|in|from|through", "other"],
        "harnesses",
    ),
    (
        &[
            "other",
            "**",
            "apps|programs|assistants",
            "**",
            "use|run|call",
            "you",
        ],
        "harnesses",
    ),
    (&["what", "you", "mean", "to", "do"], "plan"),
    (
        &[
            "you",
            "remember",
            "about",
            "how|what|when|where|why|which",
            "i|we",
        ],
        REMEMBER,
    ),
    (&["did", "i", "give", "you", "for"], REMEMBER),
    // The same in other words: "what can you see around you", "under my
    // name or yours", "who you're acting as", "which of my online things
    // can you get into", "if you've got a strategy already", "your
    // roadmap".
    (&["what", "can", "you", "see", "around", "you"], "awareness"),
    (&["under", "my", "name", "or", "yours"], "identity"),
    (
        &["who", "you", "re|are", "?", "acting|operating", "as"],
        "identity",
    ),
    (&["my", "**", "can", "you", "get", "into|at"], "connectors"),
    // "can you get into our booking software", "could you log into the
    // school's portal".
    (
        &[
            "can|could",
            "you",
            "get|log|sign",
            "into|in",
            "**",
            "software|system|systems|app|apps|platform|portal",
        ],
        "connectors",
    ),
    (
        &["you", "ve|have", "got", "?", "a", "strategy|plan|roadmap"],
        "plan",
    ),
    (&["your", "roadmap|strategy"], "plan"),
    // "what's around you right now", "which of my accounts have you been given
    // the keys to", "a ready-made add-on you could learn", "you mentioned once
    // what my granddaughter's school is called".
    (&["what", "s|is", "around", "you"], "awareness"),
    (
        &[
            "accounts|apps|services",
            "**",
            "you",
            "been",
            "given|granted",
        ],
        "connectors",
    ),
    (
        &[
            "add",
            "on|ons",
            "**",
            "you",
            "could|can",
            "learn|use|add|install",
        ],
        "skill",
    ),
    (
        &["i|you|we", "mentioned|told", "once|before|earlier"],
        REMEMBER,
    ),
    // "every action you took", "what you did in the last hour", "do you need my
    // permission", "where are you working from", "who does the computer think
    // you are", "what were you set up to know how to do", "an ability you could
    // pick up".
    (
        &[
            "every|each|all",
            "action|actions|step|steps|thing|things",
            "you",
            "took|did|made|ve|have",
        ],
        "audit",
    ),
    (&["what", "you", "did", "in", "the", "last|past"], "audit"),
    (&["need", "my", "permission|approval|ok|okay"], "autonomy"),
    (&["where", "are", "you", "working|running"], "awareness"),
    (&["who", "**", "think|thinks", "you", "are"], "identity"),
    (&["were|was", "you", "set", "up", "to", "know|do"], "skills"),
    (
        &[
            "ability|abilities|trick|tricks",
            "you",
            "could|can|might",
            "learn|pick|add|get",
        ],
        "skill",
    ),
    // "what the assistant did today", "what you've done", "your
    // connections to my apps".
    (&["what", "the", "assistant|agent", "did|has|ran"], "audit"),
    (&["what", "you", "ve|have", "done"], "audit"),
    (&["your", "connections|links", "to", "my"], "connectors"),
    // "which tool connections are configured for this workspace".
    (
        &["connections|integrations", "?", "configured|set|connected"],
        "connectors",
    ),
    // "the things you're going to do", "when you act for me, what name
    // shows up", "things you've done for me", "what extra tricks do you
    // already know", "which of my apps are connected".
    (&["things", "you", "re|are", "going", "to", "do"], "plan"),
    (
        &["you", "act|work|do", "for", "me", "**", "name"],
        "identity",
    ),
    (
        &["things", "you", "ve|have", "done", "for|on", "me|my"],
        "audit",
    ),
    (
        &[
            "tricks|skills|abilities",
            "do",
            "you",
            "already",
            "know|have",
        ],
        "skills",
    ),
    (
        &["my", "apps|accounts|services", "are|is", "connected|linked"],
        "connectors",
    ),
    // Mail and the calendar: "loop in Raj on the vendor thread and cc
    // legal", "a reminder in my diary".
    (
        &[
            "loop",
            "in",
            "*",
            "on",
            "the|this|that",
            "?",
            "thread|email",
        ],
        "email",
    ),
    (
        &["cc|bcc", "legal|finance|me|him|her|them|my|our|everyone"],
        "email",
    ),
    (
        &[
            "reminder|appointment|meeting",
            "in|into|on",
            "my|the",
            "diary",
        ],
        "calendar",
    ),
    // "our team's written guidance on chargebacks", "the volunteer guide
    // we wrote".
    (
        &[
            "our",
            "**",
            "written",
            "guidance|guidelines|policy|policies|procedures",
        ],
        "knowledge base",
    ),
    (
        &[
            "guide|handbook|manual|policy|rules",
            "we",
            "wrote|made|keep",
        ],
        "knowledge base",
    ),
    // "tell them in our group chat app".
    (
        &["group|team|work|office", "chat", "app|program|thing|tool"],
        "chat message",
    ),
    // "the papers I gave you earlier", "my uploaded PDFs", "the study docs
    // I uploaded".
    (
        &[
            "papers|documents|docs|pdfs|booklets|manuals|leaflets|sheets",
            "i|we",
            "gave|uploaded|sent|shared|put|handed",
        ],
        "knowledge base",
    ),
    // "the payroll doc you were given".
    (
        &[
            "doc|docs|document|documents|papers|pdf|pdfs|handbook|manual",
            "you",
            "were|ve|have|had",
            "?",
            "given|sent|handed|shown",
        ],
        "knowledge base",
    ),
    (
        &[
            "my|our|the",
            "uploaded",
            "?",
            "papers|documents|docs|pdfs|files",
        ],
        "knowledge base",
    ),
    (
        &[
            "files|documents|papers",
            "you",
            "keep|have|hold",
            "for|about|on",
            "our|the",
        ],
        "knowledge base",
    ),
    // "open the page at bbc.co.uk/weather and tell me the forecast": the
    // page named is fetched.
    (&["the", "page|website|feed", "at"], "fetch page"),
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
    // "who holds the rights to Our Town".
    (
        &[
            "who",
            "holds|owns|has",
            "the",
            "rights|copyright|trademark|patent",
        ],
        LOOK_UP_ONLINE,
    ),
    // "how do you get rid of squash bugs organically" (not "how do I get
    // rid of the merge conflict").
    (
        &[
            "get",
            "rid",
            "of",
            "?",
            "?",
            "bugs|pests|weeds|mold|mould|mice|rats|ants|fleas|lice|aphids|slugs|flies|gnats|roaches|termites|ticks|moss|stains|smell|odor|odour",
        ],
        LOOK_UP_ONLINE,
    ),
    // "how long should you wait between bleach sessions" (not "how long
    // do you keep my files", the agent's own ways).
    (
        &[
            "how",
            "long",
            "should",
            "you|i|we|one",
            "wait|leave|let|rest|soak|cook|bake|boil|steep|ice",
        ],
        LOOK_UP_ONLINE,
    ),
    (&["papers|articles|studies", "on|about"], LOOK_UP_ONLINE),
    (
        &["best|top", "?", "budget|cheap|affordable|rated"],
        LOOK_UP_ONLINE,
    ),
    (&["cheapest"], LOOK_UP_ONLINE),
    (&["release", "date|dates"], LOOK_UP_ONLINE),
    // The shell's name for who the agent is.
    (&["whoami"], "identity"),
    (
        &[
            "train|trains|bus|coach|ferry|plane|flight|flights|concert",
            "ticket|tickets|fare|fares|times|timetable|status|delayed|delays|arrival|arrivals|departure|departures",
        ],
        LOOK_UP_ONLINE,
    ),
    // "have a look at last night's error log": a log file, not git's log;
    // "the contributing guide" is a file in the repo.
    (
        &[
            "error|server|app|application|access|crash|nginx|apache|debug",
            "log|logs",
        ],
        "file",
    ),
    (&["contributing|contribution", "guide|guidelines"], "file"),
    // "have a look at what's changed".
    (&["at", "what", "s|has|have", "changed"], "diff"),
    // "lodge (file) a ticket for the dead printer": "file" is the verb.
    (
        &[
            "file|filed|raise|raised|log|logged|submit|submitted|open",
            "a|an|the",
            "ticket|tickets",
        ],
        "ticket",
    ),
    // "chuck the invoices somewhere in the cloud" (not "deploy it to the
    // cloud").
    (
        &[
            "put|chuck|save|store|stick|upload|back|dump|keep|pop",
            "**",
            "in|into|to|on|up",
            "the",
            "cloud",
        ],
        "cloud storage",
    ),
    // "did the agent already delete anything in tmp": its own doings.
    (
        &[
            "did|has|have",
            "the|my|our|this",
            "agent|assistant|bot",
            "?",
            "delete|deleted|remove|removed|run|ran|touch|touched|change|changed|modify|modified|edit|edited",
        ],
        "audit",
    ),
    // "the two most recent memories about my diet", "IIRC we noted the
    // rotation plan somewhere", "what we wrote about churn in our notes".
    (&["memories"], REMEMBER),
    // Not "I wrote a letter … somewhere": a file.
    (&["we|i", "noted|jotted", "**", "somewhere"], REMEMBER),
    (
        &["we|i", "wrote|noted|jotted", "**", "in", "our|my", "notes"],
        REMEMBER,
    ),
    // "the PR I opened yesterday — any reviews?", "PR desc pls".
    (&["any", "reviews|approvals"], "pull request"),
    (&["pr|mr", "desc"], "pull request description"),
    // "the function that parses dates — which file is it in".
    (&["which|what", "file", "is", "it|that|this", "in"], "grep"),
    // "the script that rotates the logs, where is it in the repo".
    (
        &[
            "where",
            "is|s",
            "it|that|this",
            "in|on",
            "the|our|my",
            "repo|repository|codebase|project",
        ],
        "find files",
    ),
    // "count how many .tsx files the web app has".
    (&["how", "many", "*", "files"], "find files"),
    // "count how many pdfs are in the claims folder", "how many files are
    // in the lesson plans folder": ls and wc.
    (
        &[
            "how",
            "many",
            "*",
            "are|is",
            "in|under",
            "the|my|our|this|that",
            "?",
            "?",
            FOLDERS,
        ],
        "shell command",
    ),
    // "tally the 'TODO(perf)' markers per crate".
    (
        &["tally|count", "**", "markers|occurrences|mentions"],
        "grep",
    ),
    // "where is it on Drive".
    (&["on|in|from|onto", "drive"], "google drive"),
    // "what's in it that main doesn't have".
    (
        &[
            "that|which",
            "main|master|develop",
            "doesn|don",
            "t",
            "have",
        ],
        "diff",
    ),
    // "would switching branches now lose any of my local edits".
    (
        &[
            "lose",
            "**",
            "local|uncommitted|unsaved",
            "edits|changes|work",
        ],
        "uncommitted",
    ),
    // "rough size of my edits, in lines added and removed".
    (&["lines", "added", "and", "removed|deleted"], "diff"),
    // "is next Monday a public holiday in Quebec".
    (
        &["public|bank|national", "holiday|holidays"],
        LOOK_UP_ONLINE,
    ),
    // A part of the code named by what it does or holds is found by its
    // contents: "the handler that answers GET /api/health", "the file
    // with the database password in it", "which Dockerfile installs
    // ffmpeg", "where the retry count is hard-coded"; not "a file that
    // opens in Word", which is one to make.
    (
        &[
            "the|every|any|all|each",
            "?",
            "?",
            CODE_PARTS,
            "that|which|where|declaring|defining|containing",
        ],
        "grep",
    ),
    (
        &[
            "the|every|any|all|each",
            "?",
            "?",
            CODE_PARTS,
            "with",
            "*",
            "in",
            "it|its",
        ],
        "grep",
    ),
    (
        &[
            "which|whichever|whatever",
            "?",
            CODE_PARTS,
            "?",
            "sets|defines|declares|configures|installs|imports|calls|reads|uses|mentions|renders|starts|creates|builds",
        ],
        "grep",
    ),
    (
        &[
            "whatever|whichever",
            "sets|defines|declares|configures|installs|imports|calls|reads|uses|renders|starts",
        ],
        "grep",
    ),
    (&["hard", "coded"], "grep"),
    (&["hardcoded"], "grep"),
    // "'permission denied: ./deploy.sh' — make it executable".
    (
        &["make", "it|this|that|them", "executable"],
        "shell command",
    ),
    (
        &["run", "?", "the|my|our|all", "benchmarks|benchmark|benches"],
        "shell command",
    ),
    // "run the health check script and show me the output".
    (
        &["run|execute", "the|my|our|this|that", "**", "script"],
        "shell command",
    ),
    // "the tip of your branch is behind — bring in main first".
    (&["bring|pull", "in", "main|master|develop|trunk"], "merge"),
    // "who is the agent running as".
    (&["agent", "running|acting", "as|under"], "identity"),
    // "what you did in this session, as a timeline".
    (&["what", "you", "did|ran|changed|touched"], "audit"),
    // "like Ctrl+F, but across every file in the repo".
    (&["across", "every|all|each", "?", "file|files"], "grep"),
    // "where did invoice_march.pdf end up on disk".
    (
        &["where", "did|does|has|have", "**", "end|ended", "up"],
        "find files",
    ),
    // "block 9-11 every Tuesday for deep work".
    (&["for", "deep|focus|focused", "work|time"], "schedule"),
    // "commits since 2026-12-01", "commits pushed after 09:00".
    (
        &["commits", "?", "since|after|before|between"],
        "log of commits",
    ),
    // "the deploy at 16:20 yesterday: which commit was it".
    (&["which", "commit", "was|is", "it"], "log of commits"),
    // "find all references to UserSession".
    (&["references|usages|callers|occurrences", "to|of"], "grep"),
    // "what have you even been doing all morning?".
    (
        &["what", "have|ve", "you", "?", "been", "doing|up"],
        "audit",
    ),
    // "couldn't you have searched the code for the old endpoint".
    (
        &[
            "searched|search|searching",
            "the",
            "code|codebase|source",
            "for",
        ],
        "grep",
    ),
    // "make sure nothing is left uncommitted", "check whether anything
    // is left unstaged".
    (
        &["nothing|anything", "**", "uncommitted|unstaged|untracked"],
        "status",
    ),
    // "verify the hotfix commit is on main".
    (
        &[
            "commit|commits",
            "is|are|was|were",
            "?",
            "on|in",
            "main|master|develop|trunk|production",
        ],
        "log of commits",
    ),
    // "the users table has an index on email", "index missing on
    // users.email".
    (&["index|indexes", "?", "on"], "sql query"),
    // "press Ctrl+Shift+F, type 'legacyApi'": find in files.
    (&["ctrl|cmd", "shift", "f"], "grep"),
    // "type 'best ramen in Osaka' into Google and tell me the top hits"
    // (not "into Google Docs").
    (&["into", "google|bing|duckduckgo", "and"], LOOK_UP_ONLINE),
    // "discard my working changes to yarn.lock": git restore.
    (
        &[
            "discard|discarding",
            "?",
            "my|the|all|local|working|unstaged",
            "?",
            "changes|edits",
        ],
        "shell command",
    ),
    // "EXPLAIN ANALYZE the report query".
    (&["explain", "analyze|analyse"], "sql query"),
    // "block 30 minutes to prepare", "block out an hour".
    (
        &["block|blocking", "*", "minute|minutes|mins|hour|hours|hrs"],
        "schedule",
    ),
    // "put a 30-minute sync with Dana on Thursday", "a quick sync with
    // Ops" (not "sync the folder with the remote").
    (
        &["minute|min|quick|short|brief|weekly", "sync", "with"],
        "meeting",
    ),
    // "show me those unstaged edits".
    (
        &["show|see|view", "**", "unstaged", "edits|changes|work"],
        "diff",
    ),
    // "look at what changed in my working copy", "compare the working
    // tree with HEAD".
    (&["changed|compare", "**", "working", "copy|tree"], "diff"),
    // "the 4 digits I gave you once".
    (
        &[
            "number|digits|pin|code|birthday|date|size",
            "?",
            "i",
            "gave|told",
            "you",
        ],
        REMEMBER,
    ),
    // "kick off pytest", "fire off the build".
    (
        &[
            "kick|fire",
            "off",
            "?",
            "pytest|jest|vitest|mocha|rspec|tox|phpunit|tests|test|suite|build|script",
        ],
        "shell command",
    ),
    // "what did people commit while I was gone", "has anyone pushed to
    // main today".
    (
        &[
            "did|has|have",
            "people|others|everyone|anyone|anybody|someone|somebody|they|folks",
            // Not "push": "did they push back on the price".
            "commit|committed|pushed",
        ],
        "log of commits",
    ),
    // "the commit where we removed the old API, when was it".
    (
        &["commit", "where|in", "?", "we|i|they|someone|somebody"],
        "log of commits",
    ),
    // "did anyone ship anything to the repo this week?", "has someone
    // changed the deploy workflow?" (not "has anyone shipped the order").
    (
        &[
            "did|has|have",
            "anyone|anybody|someone|somebody",
            "ship|shipped|land|landed|merge|merged",
            "**",
            "repo|code|codebase|main|master|branch",
        ],
        "log of commits",
    ),
    (
        &[
            "did|has|have",
            "anyone|anybody|someone|somebody",
            CHANGED,
            "the|a|any|our|my",
            "?",
            CODE_PARTS,
        ],
        "log of commits",
    ),
    // "what exactly did that commit change?".
    (
        &[
            "what",
            "?",
            "did|does",
            "?",
            "that|this|the|his|her|their|last",
            "commit",
            "change|touch|do",
        ],
        "diff",
    ),
    // "the assistant should remember that my manager is Ines".
    (&["remember|memorize|memorise", "that"], REMEMBER),
    // "I want you to not forget that our standup moved", "never forget
    // that I'm vegetarian", "don't forget that …" ("don't" is don, t).
    (&["not|never|t", "forget", "that"], REMEMBER),
    // "before I forget: my manager's birthday is June 2": a fact to keep
    // (not "before I forget, push the branch").
    (
        &["before", "i", "forget", "my|our", "*", "is|are|s"],
        REMEMBER,
    ),
    // "I told you it's Biscuit" (not "I told you to push").
    (&["told", "you", "it|that"], REMEMBER),
    // "keep in your head that my cat is named Tom", "bear it in your
    // mind".
    (
        &["keep|bear", "**", "in", "?", "your", "head|mind"],
        REMEMBER,
    ),
    // "the intern's commit from yesterday — what did it change?".
    (
        &["commit", "**", "what", "did|does", "it", "change|touch|do"],
        "diff",
    ),
    // "who made the last changes to my code".
    // (not "… to the tax code").
    (
        &[
            "who",
            "made",
            "**",
            "changes|edits",
            "to",
            "my|our|this|the",
            "code|repo|repository|codebase|project",
        ],
        AUTHOR,
    ),
    // "find the words 'big cat' in all my code".
    (
        &[
            "find|search|look",
            "**",
            "in",
            "all|every",
            "?",
            "my|our|the",
            "code|codebase|source",
        ],
        "grep",
    ),
    // "is the README on main the same as on the release branch?".
    (&["same", "as", "on|in", "**", "branch|branches"], "diff"),
    // "look for any file called backup*".
    (
        &[
            "look|search|hunt",
            "for",
            "?",
            "any|a|the",
            "file|files",
            "called|named",
        ],
        "find files",
    ),
    // "find the slide file called roadmap-2027".
    (
        &[
            "find|locate",
            "the|a|any|my|our",
            "?",
            "file|files|folder",
            "called|named",
        ],
        "find files",
    ),
    // "find the pricing deck", "find the transcript of my interview":
    // a document found by what it is.
    (
        &["find|locate", "the|my|our|that", "?", "?", DOCUMENTS],
        "find files",
    ),
    // "find last year's summer reading flyer", "find the signed facility
    // use agreement from the scout troop".
    (
        &[
            "find|locate|pull|grab",
            "last|this",
            "year|month|week|quarter",
            "s",
            "?",
            "?",
            DOCUMENTS,
        ],
        "find files",
    ),
    // "find last year's fertilizer schedule": a plan kept, not the
    // calendar's (that is "what's on the schedule").
    (
        &[
            "find|locate|pull|grab",
            "last|this",
            "year|month|week|quarter|season",
            "s",
            "?",
            "?",
            "schedule|schedules|budget|budgets|roster|rosters|inventory|plan|plans",
        ],
        "find files",
    ),
    // "find the signed proof of loss for the Nguyen claim": whatever it
    // is called, what was signed is a paper kept.
    (
        &["find|locate|pull|grab", "the|my|our", "signed"],
        "find files",
    ),
    // "which of the vendor invoices in invoices/ mention net 60 terms",
    // "which of the rate confirmations mention detention pay": whatever
    // they are, what mentions a word is searched for it.
    (
        &["which", "of", "the|my|our|these", "**", MENTIONING],
        "grep",
    ),
    // "how many words is draft-v3.md", "count the rows in leads.csv",
    // "count the lines in the error file": wc's work.
    (
        &[
            "how",
            "many",
            "**",
            "in|is|does|do|on",
            "**",
            TEXT_FILE_TYPES,
        ],
        "shell command",
    ),
    (
        &[
            "count",
            "?",
            "words|lines|rows|characters",
            "in|of",
            "**",
            TEXT_FILE_TYPES,
        ],
        "shell command",
    ),
    // "look at their careers page": another organisation's page.
    (
        &[
            "look|check",
            "at|out",
            "their|his|her|its",
            "*",
            "page|site|website",
        ],
        "fetch page",
    ),
    // "read the leaked memo in docs/ and pull out the dates".
    (&["read", "the|my|that|this", "?", "?", DOCUMENTS], "read"),
    // "read the updated 401k plan summary and tell me what changed".
    (
        &["read", "the|my|that|this", "**", DOCUMENTS, "and"],
        "read",
    ),
    // "go through the HOA letter and pull out what they want fixed",
    // "open the 2023 annual report and pull out …", "look through Tom's
    // intake form and tell me …", "pull up the intake form and …", "open
    // the insurance policy and …" (not "open the liquor board page and
    // …", a page, nor "get helpers to go through the three quotes at
    // once", work shared).
    (&["open|through|over", "**", DOCUMENTS, "and"], "read"),
    (&["pull|bring|call", "up", "**", DOCUMENTS, "and"], "read"),
    // "look at the teacher contract for Priya and tell me her pay rate",
    // "check the Oak Street bid and tell me what we quoted", "go into the
    // Patel enrollment packet and find the emergency contact" (not "check
    // the weather and tell me", which holds no paper).
    (
        &[
            "look|check|into",
            "at|the|my|our|his|her|their",
            "**",
            DOCUMENTS,
            "**",
            "and",
            "tell|find|give|pull|get|see",
        ],
        "read",
    ),
    (
        &[
            "open|through|over",
            "the|my|our|his|her|their",
            "?",
            "?",
            "policy|policies",
            "and",
        ],
        "read",
    ),
    // "what did the reviewers say in last year's feedback letter".
    (
        &[
            "what",
            "did|does|do",
            "**",
            "say|says",
            "in",
            "**",
            DOCUMENTS,
        ],
        "read",
    ),
    // "pull last month's invoices from the billing folder".
    (
        &["from", "the|my|our", "?", "folder|directory"],
        "find files",
    ),
    // "what would you do first to verify this photo".
    (&["what", "would|will|d", "you", "do", "first"], "plan"),
    // "what would you tackle first on the Ford application".
    (
        &[
            "what",
            "would|will|d|should",
            "you",
            "tackle|handle|start|attack|address|prioritize|prioritise",
            "?",
            "?",
            "first",
        ],
        "plan",
    ),
    // "remember the fish guy's name is Tomas", "remember the guest in 410
    // likes extra pillows", "remember the staging key lives in the vault"
    // (not "remember to call Mum").
    (&["remember", "**", "name|names", "is|are"], REMEMBER),
    (
        &[
            "remember",
            "the|my|our",
            "**",
            "is|are|likes|prefers|wants|hates|can|lives|sits|goes|needs|only|never|always",
        ],
        REMEMBER,
    ),
    // "what did Karen tell you about the offsite budget".
    (&["what", "did", "*", "tell", "you"], REMEMBER),
    // "what tools can you use for ordering", "which CAT tools can you
    // work with", "which of my tools can talk to the custodian".
    (
        &[
            "what|which",
            "?",
            "tools|integrations|apps|systems|platforms|services",
            "can|do",
            "you",
            "use|have|work|reach|access|connect|talk",
        ],
        "connectors",
    ),
    (
        &[
            "which|what",
            "of",
            "my|our|your",
            "tools|integrations|apps|systems|services|platforms",
            "can|could",
        ],
        "connectors",
    ),
    // "keep in mind Mr. Ortiz needs antibiotics first", "note for
    // later: …", "don't forget: the client wants British spelling", "don't
    // forget the Ford foundation caps indirect costs at 10%" (not "don't
    // forget the milk", nor "don't forget where the files are"), "jot down
    // that Mrs. Patel likes her water cold", "… I passed it on to you,
    // what was it".
    (&["keep", "in", "mind"], REMEMBER),
    (&["note", "for", "later"], REMEMBER),
    (
        &[
            "forget",
            "that|the|my|our",
            "**",
            "wants|needs|likes|hates|prefers|is|are|caps|limits|allows|requires|only|never|always",
        ],
        REMEMBER,
    ),
    (&["jot|note", "down", "that"], REMEMBER),
    // "make a mental note that Mrs. Alvarez wants every new Louise Penny",
    // "note that Jamal is allergic to bees".
    (&["mental", "note"], REMEMBER),
    (
        &[
            "note",
            "that",
            "**",
            "allergic|likes|prefers|wants|hates|vegetarian|vegan",
        ],
        REMEMBER,
    ),
    (&["passed|gave", "it", "?", "to", "you"], REMEMBER),
    // "what was the code for the storage unit I gave you", "hang on to
    // this: the Johnsons are gluten free".
    (&["what", "**", "**", "i", "gave|told", "you"], REMEMBER),
    (
        &["hang|hold", "on", "to|onto", "this|that", "the|my|our"],
        REMEMBER,
    ),
    // "store this: the Parkers' alarm code is 4412", "fyi for the future,
    // the propane guy only takes cash", "for the record, Maya can't do
    // matinees" (not "for the record, write the decisions into …").
    (&["store|stash", "this|that", "the|my|our"], REMEMBER),
    (
        &["fyi|note|remember|keep", "**", "for", "the", "future"],
        REMEMBER,
    ),
    (&["for", "future", "reference"], REMEMBER),
    (
        &[
            "for",
            "the",
            "record",
            "*",
            "can|is|isn|doesn|won|only|never|always|likes|hates|prefers|wants|needs",
        ],
        REMEMBER,
    ),
    // "what was the name of the commissary kitchen I liked".
    (
        &[
            "what",
            "was|were",
            "**",
            "i",
            "liked|loved|enjoyed|recommended",
        ],
        REMEMBER,
    ),
    // "do you text patients straight away or wait for my yes".
    (&["or", "wait", "for", "my|me"], "autonomy"),
    // "how do you intend to tackle the manual".
    (
        &["how", "do|will|would", "you", "intend|mean|plan", "to"],
        "plan",
    ),
    // "where's the signed NDA from the agency", "where are my lab
    // reports", "where's Tom Becker's initial evaluation" (not "where are
    // the best images of Saturn").
    (
        &["where", "s|is|are", "my|our", "?", "?", DOCUMENTS],
        "find files",
    ),
    (
        &["where", "s|is|are", "*", "s", "?", "?", DOCUMENTS],
        "find files",
    ),
    // "where's the warranty registration for the Carrier unit", "where is
    // the music rights license", "where did the consignment agreement end
    // up", "where did the scanned permission slips go" (not "where is the
    // nearest place to get a license").
    (
        &["where", "s|is|are|did", "the", "?", "?", "?", KEPT_PAPERS],
        "find files",
    ),
    (
        &["where", "did", "the|my|our", "?", "?", "?", DOCUMENTS],
        "find files",
    ),
    (
        &["where", "s|is|are", "the", "signed", "**", DOCUMENTS],
        "find files",
    ),
    // "skim the cruise contract and tell me the penalties", "look over
    // the insurance EOB and tell me why they paid half".
    (&["skim", "the|my|that|this", "?", "?", DOCUMENTS], "read"),
    // "skim the publisher's co-op terms and tell me the deadline".
    (&["skim", "the|my|that|this|their", "**", "and"], "read"),
    (
        &["look", "over", "the|my|that|this", "?", "?", DOCUMENTS],
        "read",
    ),
    // "word count of chapter3.txt": wc's work.
    (
        &["word|line|character", "count", "of|for|in"],
        "shell command",
    ),
    // "Spanish version of the post-extraction instructions", "the letter
    // home needs to go out in Arabic too".
    (&[LANGUAGES, "version|copy"], "translate"),
    (&["in", LANGUAGES, "too|also|as"], "translate"),
    // "menu board in Korean for the festival", "the program notes in
    // Spanish" (not "a book in Korean").
    (
        &[
            "board|sign|signs|menu|flyer|flyers|notes|instructions|sheet|letter|program",
            "in",
            LANGUAGES,
        ],
        "translate",
    ),
    // "the Henderson quote has to be in Polish".
    (
        &["has|have|needs|need", "to", "be", "in", LANGUAGES],
        "translate",
    ),
    // "look in our owner policies for who pays for repairs".
    (
        &[
            "look",
            "in|at|through",
            "our|company",
            "?",
            "?",
            POLICY_DOCS,
        ],
        "knowledge base",
    ),
    // "a print-ready waiver form".
    (&["print", "ready"], "word document"),
    // "is it up to you or me to approve the orders".
    (&["up", "to", "you", "or", "me"], "autonomy"),
    // "walk me through how you'd organize the review season".
    (&["walk", "me", "through", "how", "you"], "plan"),
    // "what did you change in my menu files last night", "what reminders
    // did you send to clients yesterday", "what did you push today".
    (
        &[
            "what",
            "?",
            "did|have",
            "you",
            "change|changed|touch|touched|edit|edited|delete|deleted|run|ran|add|added|send|sent|email|emailed|post|posted|message|messaged|tell|told|push|pushed|book|booked|order|ordered",
        ],
        "audit",
    ),
    // "what did the artists change in the assets branch".
    // (Not "what did the commission change in the rules", the world's.)
    (
        &[
            "what",
            "did|have|has",
            "the",
            "?",
            CHANGED,
            "in|on",
            "the|my|our",
            "?",
            "branch|repo|code|codebase|files",
        ],
        "diff",
    ),
    // "what's the fix for Outlook stuck on 'updating inbox'".
    (
        &[
            "what",
            "s|is",
            "the",
            "fix|workaround",
            "for",
            "**",
            "stuck|error|crash|crashing|freezing|frozen",
        ],
        LOOK_UP_ONLINE,
    ),
    // "check which laptops in assets.csv have warranties expiring".
    (
        &["which|what|list|show|check", "**", "in", "?", "csv|tsv"],
        "read",
    ),
    // "what size shoes does Leo wear again", "what's the backfill window
    // again", "how long is the sponsor read again": asked for again, so
    // told before (not "what failed again"; "the plan again" is the
    // agent's plan, see `ranking_text`).
    (
        &[
            "what|which|who|how",
            "s|is|was|are|were|size|did|does|do|long|many|much",
            "**",
            "again",
        ],
        REMEMBER,
    ),
    // "what time does the pharmacy on Main St close today".
    (
        &[
            "what",
            "time",
            "does|do|is",
            "**",
            "close|closes|open|opens",
        ],
        LOOK_UP_ONLINE,
    ),
    // "block Saturday morning for swim lessons every week".
    (
        &[
            "block|blocking",
            "?",
            "?",
            "morning|mornings|afternoon|afternoons|evening|evenings",
        ],
        "schedule",
    ),
    // "query the LIMS database for samples".
    (&["query", "the|our|my", "?", "database|db"], "sql query"),
    // "who in the lab edited the plotting code last".
    (&["who", "in|on", "the|our|my", "?", CHANGED], AUTHOR),
    // "make a printable run-of-show for the day".
    (&["printable"], "word document"),
    // "write a thank you note to the Rotary, make it a doc" (not "make it
    // a google doc").
    (
        &["make|save|send|do", "it|this|that", "a|as", "doc|docx"],
        "word document",
    ),
    (
        &[
            "make|save|send|do",
            "it|this|that",
            "a|as",
            "word",
            "doc|docx|document|file",
        ],
        "word document",
    ),
    // "get the shuttle company's website and check their prices".
    (
        &[
            "get|grab|open|pull|check",
            "the|their",
            "**",
            "s",
            "?",
            "website|site|homepage|page",
        ],
        "fetch page",
    ),
    // "pull up the parts supplier's site and check a price".
    (
        &[
            "pull|bring",
            "up",
            "the|their",
            "**",
            "s",
            "?",
            "website|site|homepage|page",
        ],
        "fetch page",
    ),
    // "get the competitor's Instagram bio from their site", "the careers
    // page of our main competitor": another organisation's page.
    (
        &["from|on", "their|his|her|its", "site|website|homepage"],
        "fetch page",
    ),
    (
        &[
            "page|site|website",
            "of|for",
            "our|their|the|a",
            "?",
            "?",
            "competitor|competitors|rival|rivals",
        ],
        "fetch page",
    ),
    // "check the events table", "which programs had the best turnout,
    // check the events sheet": a database's table, a spreadsheet's sheet.
    (&["check|query", "the|our", "?", "table"], "sql query"),
    (&["update|check", "the|our|my", "*", "sheet"], "spreadsheet"),
    // "which of the screens still use the old Button component".
    (
        &[
            "which",
            "of",
            "the|our|my",
            "**",
            "still",
            "use|uses|call|calls|import|imports|say|says",
        ],
        "grep",
    ),
    // "which Google account is the calendar connected with", "are you
    // using the library's account or mine".
    (
        &[
            "which|what",
            "?",
            "account|login",
            "is|are|does|do",
            "**",
            "connected|linked|hooked|tied|using|use",
        ],
        "identity",
    ),
    (&["are", "you", "using", "**", "account|login"], "identity"),
    // "which of my accounts is the Gmail you use".
    (
        &[
            "which|what",
            "**",
            "account|accounts|login|logins",
            "**",
            "you",
            "use|using",
        ],
        "identity",
    ),
    // "put the migration window on the team calendar".
    (
        &["put", "**", "on|in|to", "the|my|our", "?", "calendar"],
        "schedule",
    ),
    // "book the guest for a recording session next Thursday".
    (
        &["book", "**", "session|slot|appointment|room|call"],
        "schedule",
    ),
    // "what can you connect to for podcast hosting".
    (
        &["what", "can", "you", "connect|reach|hook|plug|tie|link"],
        "connectors",
    ),
    // "can you connect to AppFolio or Buildium", "can you talk to
    // Dentrix".
    (
        &[
            "can",
            "you",
            "connect|hook|link|plug|talk",
            "to|into|up|with",
        ],
        "connectors",
    ),
    // "find every product page that still says 'free shipping'".
    (
        &[
            "every|all",
            "**",
            "page|pages|file|files|doc|docs",
            "that|which",
            "?",
            "say|says|mention|mentions|contain|contains",
        ],
        "grep",
    ),
    // "what can you not do without asking me".
    (&["what", "can", "you", "not|t", "do"], "awareness"),
    // "translate the employee handbook summary into Polish": said twice,
    // so the other words of a long need weigh less against it.
    (
        &[
            "translate|translated|translating",
            "**",
            "**",
            "into|to|in|from",
            LANGUAGES,
        ],
        "translate",
    ),
    // "reply in German to the customer …, translate my answer".
    (
        &["in", LANGUAGES, "**", "translate|translated|translation"],
        "translate",
    ),
    // "put the German product description into English" (not "get into
    // English football").
    (
        &[
            "put|turn|render|rewrite|convert|make|bring",
            "**",
            "into|in",
            LANGUAGES,
        ],
        "translate",
    ),
    // "get the menu description of the duck into Spanish", "put the
    // aftercare sheet into Vietnamese" (not "get into English football":
    // something is got into the language).
    (
        &[
            "get|put|turn",
            "the|this|that|these|those|my|our|it",
            "**",
            "into",
            LANGUAGES,
        ],
        "translate",
    ),
    // "dig out the health inspection report from March", "dig up the
    // photos from last year's trip": a document of ours, whatever words
    // follow it ("hunt down" and "track down" say find already).
    (
        &[
            "dig",
            "out|up",
            "the|my|our|that|this|last",
            "**",
            DOCUMENTS,
        ],
        "find files",
    ),
    // "the catering contract template, where is it" (not "the class that
    // parses invoices, where is it defined").
    (
        &["the", "?", "?", DOCUMENTS, "?", "where", "is|s", "it"],
        "find files",
    ),
    // "how many lines are in reservations.csv": wc's work.
    (
        &["how", "many", "lines|words", "**", TEXT_FILE_TYPES],
        "shell command",
    ),
    // "which servers worked over 40 hours, it's in the timeclock table",
    // "which invoices are past due, pull from the billing table".
    (
        &["it|they|that", "s|is|are", "in", "the|our", "*", "table"],
        "sql query",
    ),
    (
        &["pull|get|grab|read", "**", "from", "the|our", "*", "table"],
        "sql query",
    ),
    // "check our records retention schedule": a rule kept, not a calendar.
    (
        &[
            "retention",
            "schedule|schedules|policy|policies|period|periods",
        ],
        "knowledge base",
    ),
    // "pull the venue contract for the Garcia wedding": papers kept (not
    // "pull the log of what you did", "pull up the minutes in OneNote").
    (
        &["pull", "the|my|our|that|this", "?", "?", "?", KEPT_PAPERS],
        "find files",
    ),
    // "pull the condition report for the 1890 wedding dress", "pull the
    // photos from claim 88213": pulled from or for a thing of ours (not
    // "pull up photos of Saturn").
    (
        &[
            "pull|grab",
            "the|my|our|that|this",
            "?",
            "?",
            "report|reports|photos|pictures|images",
            "from|for",
        ],
        "find files",
    ),
    // "where's the network diagram", "where's the outline for book two".
    (
        &["where", "s|is|are", "the", "?", "?", KEPT_PAPERS],
        "find files",
    ),
    // "which chapters mention the lighthouse", "find every chapter where
    // Tom smokes a pipe": a writer's files by their words.
    (
        &[
            "which|what",
            "chapters|scenes|sections|drafts|files|docs|notes",
            MENTIONING,
        ],
        "grep",
    ),
    (
        &[
            "every|each|all",
            "?",
            "chapter|chapters|scene|scenes|section|sections|draft|drafts|file|files",
            "where",
        ],
        "grep",
    ),
    // "what did I decide the butler's name was".
    (
        &["what", "did", "i|we", "decide|agree|settle|choose|pick"],
        REMEMBER,
    ),
    // "check my series bible for when Tom's father died": a writer's own
    // reference ("story bible", "brand bible").
    (
        &["check|consult|see|in", "my|our|the", "?", "bible"],
        "knowledge base",
    ),
    // "pull up my publisher's submission guidelines page".
    (
        &[
            "pull|bring",
            "up",
            "my|the|our|their",
            "*",
            "s",
            "**",
            "page|site|website",
        ],
        "fetch page",
    ),
    // "which Google account are you saving my drafts to".
    (
        &[
            "which|what",
            "?",
            "account",
            "are|do|will",
            "you",
            "**",
            "to|into|under",
        ],
        "identity",
    ),
    // "bounce nginx on the web box".
    (
        &[
            "bounce|kick",
            "?",
            "?",
            "on",
            "the|my|our",
            "?",
            "box|server|host|machine|vm",
        ],
        "shell command",
    ),
    // "which of my event files still have the old caterer's number" (a
    // file's words, where "which of the PRs still have …" is not).
    (
        &[
            "which",
            "of",
            "my|our|the",
            "?",
            "files|documents|docs|drafts|pages|notes|templates",
            "still",
            "have|has|show|shows",
        ],
        "grep",
    ),
    // "which of the handouts still have the typo in problem 3", "which
    // invoices still show the old tax rate".
    (
        &[
            "which",
            "?",
            "?",
            "?",
            DOCUMENTS,
            "still",
            "have|has|show|shows",
        ],
        "grep",
    ),
    // "where'd the floor plan pdf for the museum go", "where's the field
    // trip permission slip I made last year".
    (
        &[
            "where",
            "d|did",
            "the|my|our|that",
            "**",
            DOCUMENTS,
            "**",
            "go",
        ],
        "find files",
    ),
    (
        &[
            "where",
            "s|is|are",
            "the|that|those",
            "**",
            "i|we",
            "made|wrote|created|saved|drew|typed|scanned",
        ],
        "find files",
    ),
    // "find the worksheet I made on quadratic equations", "find the
    // proposal I sent the Hughes family".
    (
        &[
            "find|locate|pull|grab",
            "the|that|those",
            "**",
            "i|we",
            "made|wrote|created|saved|drew|typed|scanned|sent|signed|filed|printed|uploaded",
        ],
        "find files",
    ),
    // "where's the latest set of elevations for the Pine St house" (not
    // "the latest version of Chrome").
    (
        &[
            "where",
            "s|is|are",
            "the|my|our",
            "latest|newest|current|final|last",
            "set|copy|draft|drafts|revision|revisions",
        ],
        "find files",
    ),
    // "make a folder for each student in the portfolios directory",
    // "resize every image in product_photos to 1200 wide".
    (
        &[
            "make|create",
            "a|one",
            "folder|directory|dir",
            "for",
            "each|every",
        ],
        "shell command",
    ),
    (
        &[
            "resize|compress|crop|rotate|shrink",
            "every|each|all",
            "?",
            "image|images|photo|photos|picture|pictures|png|pngs|jpg|jpgs|jpeg|jpegs",
        ],
        "shell command",
    ),
    // "go to the district's snow day page and tell me if school's closed".
    (
        &[
            "go",
            "to",
            "the|their|his|her|its",
            "**",
            "page|site|website|homepage",
            "and",
        ],
        "fetch page",
    ),
    // "check the home depot page for the price of pavers", "open the
    // state liquor board page and check when our license renews", "look
    // at the hop supplier's site for Citra pricing".
    (
        &[
            "check|open|visit",
            "the|their|his|her|its",
            "**",
            "page|site|website|homepage",
            "for|and",
        ],
        "fetch page",
    ),
    (
        &[
            "look",
            "at",
            "the|their",
            "**",
            "s",
            "?",
            "page|site|website|homepage",
        ],
        "fetch page",
    ),
    // "the candle wax supplier I mentioned, what were they called".
    (&["i", "mentioned", "**", "what", "was|were|is|s"], REMEMBER),
    // "what email are you answering customers from", "whose email are you
    // sending the league newsletters from", "what number are you texting
    // clients from".
    (
        &[
            "what|which|whose",
            "?",
            "email|account|address|login|number|phone",
            "are|do",
            "you",
            "**",
            "from",
        ],
        "identity",
    ),
    // "what email do patients see when you write to them" (not "what
    // number do you see").
    (
        &[
            "what|which|whose",
            "?",
            "email|address|name|number",
            "do|does|will",
            "*",
            "see",
            "when|if|from",
        ],
        "identity",
    ),
    // "what name shows up when you email customers" (not "what name
    // shows up most in the phone book").
    (
        &[
            "email|address|name|number",
            "shows|show|appears|appear",
            "?",
            "when|if",
            "you",
        ],
        "identity",
    ),
    // "what were Tom's restrictions, you had them".
    (
        &["what", "**", "you", "had|got", "them|it|those|that"],
        REMEMBER,
    ),
    // "German product descriptions for the EU shop, from the English
    // ones".
    (
        &["from", "the", LANGUAGES, "ones|one|version|text|copy"],
        "translate",
    ),
    // "who are you sending customer emails as", "what email are the parent
    // messages going out from".
    (
        &[
            "who|whom",
            "are|do",
            "you",
            "pushing|posting|sending|committing|emailing|acting|working|writing|texting|messaging",
            "**",
            "as",
        ],
        "identity",
    ),
    (
        &[
            "email|address|account|number",
            "**",
            "going|go|goes|sent",
            "out",
            "from",
        ],
        "identity",
    ),
    // "whose GitHub account are you pushing as" (not "are you sending
    // this as a PDF").
    (
        &[
            "are|do|will|would",
            "you",
            "?",
            "pushing|posting|sending|committing|emailing|logged|signed|acting|working",
            "as",
        ],
        "identity",
    ),
];

/// Languages a text is put into, for the translating idiom.
const LANGUAGES: &str = "english|german|french|spanish|italian|portuguese|dutch|polish|swedish|danish|norwegian|finnish|greek|turkish|russian|ukrainian|czech|arabic|hebrew|hindi|japanese|chinese|mandarin|cantonese|korean|vietnamese|thai|indonesian|tagalog|filipino|malay|swahili|bengali|urdu|punjabi|persian|farsi|romanian|hungarian|bulgarian|serbian|croatian|slovak|somali|amharic|nepali|tamil|burmese|khmer|hmong";

/// Ways to say a thing is not there, which make a named file one to write.
pub(super) const LACKING: &[&[&str]] = &[
    &["has|have", "no"],
    &["doesn|don|hasn|haven", "t", "have|got"],
    &["there", "s|is", "no"],
    &["missing|lacks"],
];

/// Creating, in any voice ("create notes.md", "notes.md is to be
/// created", "start a CONTRIBUTING.md"), which makes a named file one to
/// write.
pub(super) const CREATING: &[&[&str]] = &[
    &["create|created|creating"],
    &["start|begin", "a|an"],
    // "a shell script that tars the uploads, saved as backup.sh".
    &["saved|save", "as"],
    // "new file please, ideas.md", "I'll need a file todo.txt with …".
    &["new", "file"],
    // "set up a file extension_deadlines.md listing …".
    &["set", "up", "a|an", "?", "file|doc|document|page"],
    &["need|want", "a|an", "?", "file"],
    // "ideally the docs folder has a CONTRIBUTING.md".
    &["ideally", "**", "has|contains", "a|an"],
    // "the meeting notes saved to notes/sync.md" (not "saved in", which
    // is where a thing already is).
    &["saved|save", "to|into"],
    // "save an outline of the evaluation plan to eval_plan.md".
    &[
        "save",
        "a|an|the|my",
        "?",
        "outline|summary|list|draft|checklist|plan|agenda|timeline|notes|template",
        "**",
        "to|into",
    ],
    // "draft release notes into notes/release-2.4.md" (not "the draft in
    // drafts/", where it already is).
    &["draft|drafted|drafting", "**", "into|to"],
    // "put the turnover checklist for 3B in turnovers/3b.md": new text
    // put in a file (not "put the version back in …", a value set, nor
    // "where I put the invoice template. It's a .docx somewhere in …").
    &[
        "put|jot",
        "the|a|an|my|our|this",
        "**",
        "checklist|text|list|notes|summary|outline|agenda|steps|ideas|template|points",
        "?",
        "?",
        "?",
        "?",
        "in|into",
    ],
];

/// A value put back as it was, or made one, which makes a named file one
/// to edit: "put django back to 4.2 in requirements.txt", "make the
/// timeout in settings.yaml 30 seconds", "switch the log level in
/// appsettings.json from Debug to Warning".
pub(super) const SETTING: &[&[&str]] = &[
    // "fix the misspelled heading in docs/setup.md".
    &["fix|correct|tweak"],
    // "move table 12's guests to table 9 in seating.md", "mark item 14
    // done in punchlist.md".
    &["move", "**", "to", "**", "in"],
    &[
        "mark|tick|check",
        "**",
        "done|complete|completed|finished|off",
        "in",
    ],
    // "update the opening hours, they're in site/hours.html, to 8 to 6".
    &["update", "the|its|this|that|these|those|my|our"],
    // "the log level in settings.py to be DEBUG instead of INFO".
    &["instead", "of"],
    // "in shifts.md move the pantry shift to 4pm", "change every 'Elisa'
    // to 'Eliza' in chapter3.md".
    &[
        "in",
        "?",
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "move|swap|change|set|rename|make|update|replace",
    ],
    &["change|replace|swap", "every|each|all", "**", "to|with"],
    // "in menu.md the burger is $16 now, not $15" (not "the .xlsx budget
    // is now on Google Sheets"), "in claim.md the deductible is $1,000 not
    // $500" (not "how come the port is 3000 and not 8080? read …").
    &["is|are", "*", "now"],
    // "services.md: women's cut goes up to $70", "rates.md: the hourly
    // rate for 3 movers is now $165".
    &["goes|went|go", "up|down", "to"],
    &["md|txt|json|yaml|yml|toml|csv|html", "**", "goes|go", "to"],
    &[
        "rate|rates|price|prices|fee|fees|cost|costs",
        "**",
        "is|are",
        "now",
    ],
    // "events.md: the signing is now at 7:30", "pricing.md: a tune-up is
    // $129 starting January".
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "**",
        "is|are",
        "**",
        "now|starting|effective|beginning",
    ],
    // "pricing.md: lockout fee after 9pm becomes $150", "dues.md:
    // quarterly dues rise to $310", "labor.md: a tune-up costs $89 now".
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "**",
        "becomes|become",
    ],
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "**",
        "rise|rises|drop|drops|fall|falls|increase|increases|decrease|decreases|climb|climbs",
        "to",
    ],
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "**",
        "costs|cost|runs|charges",
        "*",
        "now",
    ],
    // "rates.md: 45 minute lessons will be $55 from January".
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "**",
        "will",
        "be",
    ],
    // "planting.md: move the squash to bed 7".
    &[
        "md|txt|json|yaml|yml|toml|csv|html|ini|cfg|conf",
        "move|swap|change|set|rename|update|replace",
    ],
    &["in", "**", "is|are", "*", "not", "*"],
    &["back", "to"],
    &[
        "make|set|bump|increase|decrease|reduce|raise|lower",
        "the",
        "**",
        "in",
    ],
    &[
        "make|set|bump|raise|lower|change|switch",
        "it|this|that|them",
        "to",
    ],
    // "open src/app.tsx and change the title to 'Dashboard'", "change my
    // service call fee in rates.md to $95".
    &["change", "the|my|our", "*", "to"],
    &["change", "**", "in", "*", "to"],
    // "'colour' should be replaced with 'color' throughout en.json".
    &["replace|replaced", "**", "with|by"],
    // "append the meeting outcome to notes/2026-12.md".
    &["append|appended", "**", "to|onto"],
    // "delete the unused import at the top of utils/dates.ts".
    &[
        "delete|remove|drop",
        "**",
        "import|imports|line|lines|comment|comments|block",
    ],
    // "wrap the line at utils.py:88", "tidy the indentation", "toggle
    // the comment on line 12".
    &["wrap|rewrap|reflow|indent|dedent|reindent|reformat|tidy|toggle|uncomment"],
    // "add a TODO comment above the loop in sort.rs".
    &["add|insert|put", "**", "above|below"],
    // "set maxRetries to 5 in config.ts", "the timeout should be 30 not 10".
    &["set|bump|raise|lower", "*", "to"],
    &["should|must", "be", "**", "not|instead|rather|now"],
    // "the MSRV in Cargo.toml says 1.70, should be 1.80".
    &["says|say|reads", "**", "should", "be"],
    // "in glossary.md 'Schraube' should map to 'screw' not 'bolt'".
    &["should", "map|say|read|point", "**", "not|instead"],
    // "config.yaml has retries: 3, it should be 5".
    &["it|that|this|which", "should|must", "be"],
    // "the base URL in config.js points at staging, point it at prod".
    &["point", "it|that|them", "at|to"],
    // "3.1.2 goes in package.json as the version".
    &["goes|go", "in|into"],
    // "set max_retries = 5 in worker.toml".
    &["set", "**", "in"],
    // "line 212 of api.py has the wrong status code".
    &["has|have", "the", "wrong"],
    // "the timezone is UTC, make it Europe/Berlin".
    &["is", "*", "make|change|set", "it|that|them"],
    // "the timeout in server.toml should be 60, set it".
    &["set", "it|that|this|them"],
    // "add the 1.4.0 section to CHANGELOG.md".
    &[
        "add|insert",
        "a|an|the",
        "**",
        "section|entry|line|paragraph|heading|column|row|field",
    ],
    &[
        "switch|switched|change|changed|flip|flipped|update|updated|bump|bumped",
        "**",
        "**",
        "from",
        "*",
        "to",
    ],
];

/// Asking whether something holds, or what stands written ("what's in
/// .env.example"), which makes a named file one to read ("control … if"
/// and "what stands in" are how a German speaker may say it).
pub(super) const INSPECTING: &[&[&str]] = &[
    &[
        "check|checked|verify|verified|control",
        "**",
        "whether|if|that",
    ],
    // "make sure package.json's version is 2.0.0".
    &["make", "sure"],
    &["written|stands", "in"],
    &["what", "s|is", "?", "in|inside"],
    // "read the existing nginx.conf so you don't break it".
    &["read", "the|my|our|this", "existing|current"],
    // "go to line 200 in report.csv and tell me what's there", "visits.csv:
    // what are its headers?".
    &["what", "s|is", "there"],
    &["what", "are|is", "its"],
    // "does docker-compose.yml expose 5432?".
    &[
        "does|do",
        "*",
        "expose|exposes|set|sets|define|defines|include|includes|contain|contains|mention|mentions|list|lists",
    ],
    // "did the change stick in settings.toml".
    &["did", "**", "stick"],
    // "have a quick look at the error log", "give the guide a look".
    &["have|take", "a", "?", "look|peek|glance", "at|over|through"],
    &["give", "**", "a", "?", "look|peek|glance"],
];

/// Whether a question asks again what was told before: it opens with a
/// question word and ends with "again" ("where's the Beckers' shutoff
/// valve again", "which dog bites when you touch her ears again"), where
/// "again" is not a thing happening once more ("what failed again").
pub(super) fn asks_again(words: &[String]) -> bool {
    let [first, .., before, last] = words else {
        return false;
    };
    matches!(
        first.as_str(),
        "what" | "when" | "where" | "which" | "who" | "how"
    ) && last == "again"
        && !HAPPENING.split('|').any(|w| w == before)
}

/// What happens again rather than is asked again, for [`asks_again`].
const HAPPENING: &str = "fail|fails|failed|failing|break|breaks|broke|broken|crash|crashes|crashed|crashing|wrong|happen|happens|happened|down|up|out|off|red|green|stuck|slow|flaky|leaking|running|working";

/// Whether every word `pattern` needs is `present`: a few look-ups that
/// rule out nearly every idiom before [`says`] walks the need for it.
pub(super) fn may_say(present: &HashSet<&str>, pattern: &[&str]) -> bool {
    pattern
        .iter()
        .filter(|p| !matches!(**p, "*" | "**" | "?"))
        .all(|p| p.split('|').any(|alt| present.contains(alt)))
}

/// Whether `words` hold `pattern` (see [`IDIOMS`]) somewhere.
pub(super) fn says(words: &[String], pattern: &[&str]) -> bool {
    said_at(words, pattern).is_some()
}

/// Ways a need may end that say what it asks, at its end only: "Mrs.
/// Kowalski prefers calls after noon, make a note" is remembered, not
/// "make a note in OneNote: …".
pub(super) const ENDINGS: &[(&[&str], &str)] = &[
    (&["make|take", "a", "note"], REMEMBER),
    (&["keep|note|remember", "that|this"], REMEMBER),
    (&["don|dont", "t", "lose|forget", "that|this|it"], REMEMBER),
    (&["hold|hang", "on", "to", "that|this|it"], REMEMBER),
];

/// How a dated need may end when what it dates is to be scheduled: "…
/// on Monday at 10, add that", "… at 9, put it down", "… calendar it".
pub(super) const SCHEDULED_AT_THE_END: &[&[&str]] = &[
    &["add|calendar|book|schedule", "that|it|this|them"],
    &["put|pencil|jot", "it|that|this|them", "down|in"],
];

/// Whether `words` end with `pattern`, a pattern of plain words (each
/// may name alternatives, as in [`IDIOMS`], but no wildcards).
pub(super) fn ends_saying(words: &[String], pattern: &[&str]) -> bool {
    words.len() >= pattern.len()
        && words[words.len() - pattern.len()..]
            .iter()
            .zip(pattern)
            .all(|(w, p)| p.split('|').any(|alt| alt == w))
}

/// Where `pattern` (see [`IDIOMS`]) first starts in `words`.
pub(super) fn said_at(words: &[String], pattern: &[&str]) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::{AUTHOR, LOOK_UP_ONLINE, REMEMBER};
    use crate::need::hints_of;

    #[test]
    fn idioms_say_what_they_mean() {
        for (need, want) in [
            ("have a look at last night's error log", "file, read"),
            ("give the contributing guide a look", "file, read"),
            (
                "the refactor looks dodgy, have a look at what's changed",
                "diff",
            ),
            ("file a ticket for the dead printer", "ticket"),
            ("put the invoices somewhere in the cloud", "cloud storage"),
            ("did the agent already delete anything in tmp?", "audit"),
            ("before the call, block 30 minutes to prepare", "schedule"),
            ("'permission denied' — make it executable", "shell command"),
            (
                "run the benchmarks and give me the summary",
                "shell command",
            ),
            ("the branch is behind — bring in main first", "merge"),
            ("who is the agent running as?", "identity"),
            ("what you did in this session, as a timeline", "audit"),
            ("like Ctrl+F, but across every file in the repo", "grep"),
            ("where did the invoice end up on disk", "find files"),
            (
                "the linter says 'line too long' at utils.py:88, wrap it",
                "file, edit",
            ),
            ("the handler that answers the health check", "grep"),
            ("the file with the database password in it", "grep"),
            ("which Dockerfile installs ffmpeg", "file, grep"),
            ("whatever sets the log level to debug in production", "grep"),
            ("where the retry count of 5 is hard-coded", "grep"),
            ("the two most recent memories about my diet", REMEMBER),
            ("we noted the rotation plan somewhere, find it", REMEMBER),
            // A letter written is a file, not a thing remembered.
            (
                "I wrote a letter about the hedge somewhere on here",
                "find files",
            ),
            (
                "look up what we wrote about churn in our notes",
                "look up online, remember our conversation",
            ),
            ("the PR I opened yesterday, any reviews?", "pull request"),
            (
                "PR desc pls for the caching change",
                "pull request description",
            ),
            (
                "the function that parses dates, which file is it in",
                "grep",
            ),
            (
                "the script that rotates logs, where is it in the repo",
                "find files, grep",
            ),
            (
                "count how many .tsx files the web app has",
                "file, find files",
            ),
            ("tally the 'TODO(perf)' markers per crate", "grep"),
            ("the onboarding doc, where is it on Drive", "google drive"),
            ("what's in it that main doesn't have", "diff"),
            (
                "would switching now lose any of my local edits",
                "uncommitted",
            ),
            ("my edits, in lines added and removed", "diff"),
            ("which public holidays does Quebec have", LOOK_UP_ONLINE),
            ("when's my next one-on-one", "meeting, schedule"),
            ("book a 1:1 with Sam", "meeting"),
            ("drop Priya a line about it", "email"),
            ("drop the new hire a quick line", "email"),
            ("shoot the vendor a quick note", "email"),
            ("throw it into my second brain", "notes"),
            ("push the review meeting back by an hour", "reschedule"),
            ("where did I put the compose file", "find, files"),
            ("set up a meeting with the design team", "schedule"),
            ("set up a quick call with Ana", "schedule"),
            ("what does the LICENSE say", "file, read"),
            ("check what README.md says about setup", "file, read"),
            ("what's written in LICENSE", "file, read"),
            ("changed when, and by whom?", AUTHOR),
            ("did I already tell you my timezone", REMEMBER),
            ("have I told you about Rex", REMEMBER),
            ("did hotfix-17 get folded into main", "merge"),
            (
                "how do I combine release-2.3 with develop so develop has its fixes?",
                "merge",
            ),
            ("it has things not committed?", "status"),
            ("what's going on with my repo?", "status"),
            (
                "then pull up that URL and give me the gist of it",
                "fetch page",
            ),
            (
                "lemme see the exact edits sitting in the index before I commit",
                "diff",
            ),
            (
                "what's the expenses limit for client dinners in our policy docs?",
                "knowledge base",
            ),
            ("what are you about to do next?", "plan"),
            (
                "before the standup, list what I committed yesterday",
                "history",
            ),
            (
                "block 9 to 11 every weekday next month for deep work",
                "date, schedule",
            ),
            (
                "count how many times 'deprecated' appears across the src folder",
                "grep",
            ),
            (
                "the 2 latest versions of Node and what changed",
                LOOK_UP_ONLINE,
            ),
            (
                "given a repo with uncommitted changes, the agent lists them",
                "status",
            ),
            ("I want my staged work committed with a message", "commit"),
            ("where else do we read customer_id?", "symbol, grep"),
            ("I want to know what the agent plans to do next", "plan"),
            ("search for error E1017 in the logs folder", "grep"),
            ("where did the computer put it?", "find"),
            ("they aren't on the team's copy yet", "push"),
            ("blend it into the one we publish from", "merge"),
            ("for the others to check and approve", "pull request"),
            ("bookmark this moment in the project", "commit"),
            ("the website our code is kept on", "code hosting"),
            (
                "the background reading we set you up with",
                "knowledge base",
            ),
            ("the bits about me you've kept", REMEMBER),
            ("open that link I gave you", "fetch page"),
            ("the bug tracker the developers use", "tasks, ticket"),
            ("make a checkpoint of the project right now", "commit"),
            ("who saved versions of the project", "log of commits"),
            ("type the magic words in the black window", "shell command"),
            ("the reading material we loaded into you", "knowledge base"),
            ("lay out your moves for this job", "plan"),
            ("the colour says blue, make it green", "edit"),
            ("a picture called beach, find it", "find files"),
            ("did you already run the migrations, or should I?", "audit"),
            ("has my PR been approved by anyone yet?", "pull request"),
            ("did Sam push his changes yesterday", "log of commits"),
            ("did I leave anything unsaved", "status"),
            ("did the change stick in settings.toml?", "file, read"),
            (
                "ask the internet if the baths are open",
                super::LOOK_UP_ONLINE,
            ),
            (
                "can you find websites about volcanoes",
                super::LOOK_UP_ONLINE,
            ),
            ("how do I get to the files I saved last week", "find"),
            ("has the helper been doing things on here", "audit"),
            ("3 agents: one for tests, one for docs", "parallel"),
            ("redline clause 7 of the NDA", "edit"),
            ("rename the color primary to brand in tokens", "edit"),
            (
                "rerun the regression in the notebook with Rscript",
                "shell command",
            ),
            ("PR for the cleanup, reviewers: Mei", "pull request"),
            (
                "the payroll doc you were given, about overtime",
                "knowledge base",
            ),
            (
                "inform the team on teams that the office is closed",
                "microsoft teams",
            ),
            ("what is the state of my repository", "status"),
            ("how do I find out the steps you've lined up", "plan"),
            (
                "bring the changes from the payments branch into mine",
                "merge",
            ),
            ("whose login do you use", "identity"),
            ("didn't I tell you my hours", REMEMBER),
            ("every file you modified today", "audit"),
            ("have you got the green light to act", "autonomy"),
            ("which project have you been set up with", "awareness"),
            ("what's different compared to the last commit", "diff"),
            ("where are the test fixtures for the importer", "find files"),
            ("who you're authenticated as on the calendar", "identity"),
            ("do you need my say-so first", "autonomy"),
            ("a report of the approvals I granted you", "approved"),
            ("the playbooks you currently have", "skills"),
            ("a ready-made skill I could add", "install"),
            ("which exact lines did I add to the parser", "diff"),
            ("what has been committed to main since then", "history"),
            ("is there anything staged", "status"),
            (
                "track down the function that formats currency",
                "find, grep",
            ),
            (
                "generate a new SSH key pair on this machine",
                "shell command",
            ),
            ("what's your next move", "plan"),
            ("what's on your agenda for the rest of this task", "plan"),
            (
                "is this running in a container, as far as you can tell",
                "awareness",
            ),
            ("which outside services do you have keys for", "connectors"),
            ("every TODO left in the python files", "grep"),
            (
                "has anything been pushed to origin since yesterday",
                "log of commits",
            ),
            (
                "what do you remember about how I like my commit messages",
                REMEMBER,
            ),
            ("the README says port 3000, fix that line", "file, edit"),
            (
                "our team's written guidance on chargebacks",
                "knowledge base",
            ),
            ("which files are different from the saved version", "diff"),
            ("send my work to the online copy everyone uses", "push"),
            ("bring their version of the code into mine", "merge"),
            ("who was the last person to change the pricing page", AUTHOR),
            ("what did I type differently in it", "diff"),
            ("mix the changes Priya made into my copy", "merge"),
            ("make my changes show up for the team", "push"),
            (
                "has it been stored in the project's history",
                "log of commits",
            ),
            ("put what I've done into the history books", "commit"),
            (
                "send my changes for approval before they become official",
                "pull request",
            ),
            ("what's new in the menu file compared to before", "diff"),
            ("the spot in our files where it says 'Free'", "grep"),
            ("the thing where you type commands", "shell command"),
            ("is the computer running low on memory", "shell command"),
            ("do you wait for me to say yes", "autonomy"),
            ("can other assistant apps on my laptop use you", "harnesses"),
            ("a rundown of everything you've touched", "audit"),
            ("did I forget to lock in any of the edits", "status"),
            ("mark this moment in the project", "commit"),
            (
                "the lead should okay my edits before they're added",
                "pull request",
            ),
            ("which folder is the logo picture kept in", "find"),
            (
                "in the prices file, it should cost 3.50 instead of 3",
                "edit",
            ),
            ("does it look like it came from me", "identity"),
            ("are you working with my real files", "awareness"),
            ("will you go ahead without me clicking okay", "autonomy"),
            ("list the things you changed or ran", "audit"),
            ("could I use you inside other AI helpers", "harnesses"),
            (
                "Sam made some fixes on his copy, pull them into mine",
                "merge",
            ),
            ("somewhere in our files it says 'call us'", "grep"),
            (
                "is the website program still going on this computer",
                "shell command",
            ),
            (
                "what does the volunteer guide we wrote say",
                "read, knowledge base",
            ),
            ("what name did I give you for my dog", REMEMBER),
            ("say what you mean to do before you begin", "plan"),
            ("which login are you using", "identity"),
            ("are you messing with my actual stuff", "awareness"),
            ("do you need a thumbs-up from me each time", "autonomy"),
            ("what have you been doing behind the scenes", "audit"),
            ("what jobs are you able to do out of the box", "skills"),
            ("is there something I can add to you for logos", "skill"),
            ("can I chat with you from other AI tools", "harnesses"),
            ("hunt through the project for the sentence 'soon'", "grep"),
            ("get my updates out to the central copy", "push"),
            ("look through the project files for the word 'beta'", "grep"),
            ("are you on my computer or on the internet", "awareness"),
            ("do you have to ask me before you change things", "autonomy"),
            ("show me what you've been up to", "audit"),
            ("can you learn a new trick for invoices", "skill"),
            ("can I talk to you from other AI programs", "harnesses"),
            ("open the page at the address and read it", "fetch page"),
            ("the stages you'll go through", "plan"),
            ("which agent programs are set up here", "harnesses"),
            ("did any of your commands get refused", "denied"),
            ("how free a hand do you have", "autonomy"),
            ("how much leeway have I given you", "autonomy"),
            ("is this the production setup you're in", "awareness"),
            ("how has the schema evolved", "history"),
            ("the list you've made for yourself", "plan"),
            ("the log of everything you've done since lunch", "audit"),
            ("how many of your calls were waved through", "approved"),
            ("what permissions level have I set for you", "autonomy"),
            ("every place we hardcode the tax rate", "grep"),
            ("what changed between the two builds", "diff"),
            ("am I on the right branch", "status"),
            ("which address are you sending from", "identity"),
            ("what folder are you working in", "awareness"),
            ("can you see the web from where you're running", "awareness"),
            ("propose a PR for it", "pull request"),
            ("anything in the staging area", "status"),
            ("the spots in our code where we retry", "grep"),
            ("what are you already equipped to do", "skills"),
            ("which of my work apps can you reach", "connectors"),
            ("which coding agents can you hand work to", "harnesses"),
            ("is there already a file called NOTICE", "file, find"),
            ("does the guide still say 3.8", "read"),
            (
                "who's been mucking about with auth",
                "changed, author in the history",
            ),
            ("who has been editing the parser lately", AUTHOR),
            ("which branch am I on", "status"),
            ("the branch we're on", "status"),
            ("the deploy script, what does it actually do", "read"),
            ("the intro is out of date, fix it", "edit"),
            ("draft a Word memo on leave", "docx"),
            ("my answer from last time about the dates", REMEMBER),
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
            ("open LICENSE and tell me which licence it is", "file, read"),
            ("open the CONTRIBUTING guide", "file, read"),
            ("We talked about a caching library last week", REMEMBER),
            ("list each spot in the repo that says XXX", "grep"),
            ("which file holds the database settings", "grep"),
            ("lock in these changes in git first", "commit"),
            ("record this state in version control", "commit"),
            ("which commit broke the build", "history"),
            ("summarise the commit messages from last week", "history"),
            (
                "pull develop's changes into the branch I'm on",
                "merge, status",
            ),
            ("remind me which services you're plugged into", "connectors"),
            ("what user am I running as", "identity"),
            ("what workspace are we in right now", "awareness"),
            ("does this box have python on it", "shell command"),
            ("how much memory does this box have", "shell command"),
            ("a checklist they can edit in Word", "docx"),
            ("quote that blog post", "web page"),
            ("raise a PR from my fork", "pull request"),
            ("flight status for BA117", "look up online"),
            ("hunt for any leftover .orig files", "file, find"),
            ("is the old client still referenced anywhere", "grep"),
            ("is anything listening on 5432 on this host", "run"),
            ("the exact lines I rewrote in the scheduler", "diff"),
            (
                "when did the toggle first show up in the history",
                "commits",
            ),
            ("the docs have it, pull that page in", "web page"),
            ("iPhone 18 release date", "look up online"),
            ("whoami", "identity"),
            (
                "feature/billing is behind main, fold main in",
                "branch, merge",
            ),
            ("who approved the last push, per your records", "audit"),
            ("anything in the source still tagged HACK?", "grep"),
            ("kill the stuck celery worker", "shell command"),
            (
                "one agent on the SDK docs, you on the flaky test",
                "parallel",
            ),
            (
                "where do we actually send the welcome email in the code",
                "grep",
            ),
            ("any .tf files left in infra/legacy?", "file, find"),
            ("bring it up to date with main", "merge"),
            ("is the upstream service even reachable", "shell command"),
            ("the npm audit is red", "shell command"),
            ("list them from the lock file", "read"),
            ("show me what you intend to do", "plan"),
            ("what are you going to do first", "plan"),
            ("what will you do if the tests fail", "plan, run"),
            ("walk me through your approach", "plan"),
            ("do you have a how-to for postmortems", "skill"),
            (
                "what name did we settle on for the product",
                "remember our conversation",
            ),
            ("what does the deploy script do when it fails", "read"),
            ("scan the logs for lines with SIGSEGV", "grep"),
            ("the order you'll tackle these in", "plan"),
            ("what's left on your list", "plan"),
            ("which login are you operating under", "identity"),
            ("is this running with my permissions", "identity"),
            ("who does the system think I am", "identity"),
            ("what mode are you in", "awareness"),
            ("what other agent shells can I use", "harnesses"),
            ("which requests got turned down", "denied"),
            ("has anyone signed off on it", "approved"),
            ("clone yourself for the translations", "parallel"),
            ("a second copy of you takes the tests", "parallel"),
            ("what have I altered in the parser", "diff"),
            ("kick off the benchmarks", "run"),
            ("spell out the moves you'll make", "plan"),
            ("are you on autopilot", "autonomy"),
            ("the last ten things you ran", "audit"),
            ("what you know how to do", "skills"),
            (
                "which cafe did I rave about to you",
                "remember our conversation",
            ),
            ("the CI job that publishes docs, what does it run", "read"),
            ("where in the backend is the cookie set", "grep"),
            ("start a notes file for today", "write"),
            ("go through it hunk by hunk", "diff"),
            ("how is it different from what is committed", "diff"),
            ("which PR brought the rate limiter in", "history"),
            ("where are you up to with it", "plan"),
            ("the list you made earlier", "plan"),
            ("which project do you think you're working in", "awareness"),
            ("did you run anything as root", "audit"),
            ("which tricks have you been taught", "skills"),
            ("can I run you from inside VS Code", "harnesses"),
            (
                "where is the feature flag for the new checkout checked",
                "grep",
            ),
            ("the Makefiles scattered through the tree", "find"),
            ("stuff I forgot to git add", "staged"),
            ("my new commits, get them to the server", "push"),
            ("PR it against main", "pull request"),
            ("map out how you'll migrate the tests", "plan"),
            ("describe your surroundings", "awareness"),
            ("are you in read-only mode", "awareness"),
            ("which commands were vetoed", "denied"),
            ("which agent frontends work with it", "harnesses"),
            ("what does the Makefile's release target do", "file, read"),
            ("where does the app decide the locale", "grep"),
            ("the footer says Ltd, it should say GmbH", "edit"),
            ("which ports are open here", "run"),
            ("do your actions show up as me", "identity"),
            ("which service account do you use", "identity"),
            ("which directory are you sitting in", "awareness"),
            ("how much can you do on your own", "autonomy"),
            ("what did you touch on the server", "audit"),
            ("which inboxes have you been given access to", "connectors"),
            (
                "the guidance on customer data, per our docs",
                "knowledge base",
            ),
            ("what does the seed script put in it", "read"),
            ("which module assembles the invoice PDF", "grep"),
            (
                "the URL in config.js points at staging, point it at prod",
                "file, edit",
            ),
            ("a script that tars it, saved as backup.sh", "file, write"),
            ("get the app running on localhost", "run"),
            ("what username do your queries run under", "identity"),
            ("what's your working context", "awareness"),
            ("do you need my OK for every write", "autonomy"),
            ("every file you deleted this session", "audit"),
            ("have two other instances do German", "parallel"),
            ("which handler sends the reset email", "grep"),
            ("any .bak files hanging around", "file, find"),
            ("config.yaml has retries: 3, it should be 5", "file, edit"),
            ("append the outcome to notes/2026-12.md", "file, edit"),
            (
                "'colour' should be replaced by 'color' in en.json",
                "file, edit",
            ),
            ("set retries = 5 in worker.toml", "file, edit"),
            ("3.1.2 goes in package.json as the version", "file, edit"),
            ("line 212 of api.py has the wrong code", "file, edit"),
            ("put a CODEOWNERS file in .github", "file, write"),
            ("is my checkout clean", "status"),
            ("is my working copy dirty or not??", "status"),
            ("zip the build folder", "shell command"),
            ("gzip every log older than a week", "shell command"),
            ("base64 encode the logo", "shell command"),
            ("a PR opened from docs/new-api to main", "pull request"),
            ("which tool connections are configured here", "connectors"),
            ("which files differ between my branch and main?", "diff"),
            (
                "the pending changes ought to be committed",
                "commit, uncommitted",
            ),
            ("this should be committed as one change", "commit"),
            ("any files ending in .tmp are to be found", "file, find"),
            ("what actions were taken on my behalf yesterday", "audit"),
            ("first walk me through your intended approach", "plan"),
            ("where do we hash passwords in the backend", "grep"),
            ("where are the env vars read in the worker", "grep"),
            (
                "in settings.py the timezone is UTC, make it CET",
                "file, edit",
            ),
            ("show what I changed in the parser", "diff"),
            ("everything assigned to me in the tracker", "issue tracking"),
            (
                "which accounts in the main database have no owner",
                "sql query",
            ),
            ("unsubscribe me from those newsletters", "email"),
            ("when's my next dentist check-up", "schedule"),
            ("block out the whole of the week as holiday", "schedule"),
            ("wipe node_modules and reinstall", "symbol, shell command"),
            ("is our marketing site up right now", "web page"),
            ("where did the nightly job's output go", "run"),
            ("which of my tests are slowest", "run"),
            (
                "how does my copy of app.py differ from HEAD",
                "file, revision, diff",
            ),
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
            ("who broke the nightly build", AUTHOR),
            ("the commit that broke the build", "history"),
            ("get the tests green again", "run"),
            ("is it saved in git", "commit"),
            ("the call runs two till three", "date"),
            ("block out the afternoon for it", "schedule"),
            ("block off an hour for the review", "schedule"),
            ("I need three of you on these bugs", "agents"),
            ("the minutes as a Word doc", "docx"),
            ("didn't I mention the deposit", REMEMBER),
            ("did I ever mention my sister", REMEMBER),
            ("where's the file called compose", "find files"),
            ("the difference between my branch and main", "diff"),
            ("differences between main and this", "diff"),
            ("what all changes I have done", "status"),
            ("the changes I've made so far", "status"),
            ("who all have committed lately", AUTHOR),
            ("one new file has to be made for it", "create"),
            ("a page needs to be created in the wiki", "create"),
            ("in case the tests fail", "run"),
            ("are the tests passing", "run"),
            ("which tests are failing", "run"),
            ("should the limit be raised to 500", "edit"),
            ("if I merged develop into it", "merge"),
            ("the footer still says 2023", "edit"),
            ("the landlord still doesn't know", "email"),
            ("I'd like my landlord to get the repair photos", "email"),
            ("I want my work safely on the server before I leave", "push"),
            ("did anyone ship anything to the repo?", "log of commits"),
            ("has someone changed the deploy workflow?", "log of commits"),
            ("land the hotfix branch onto release", "merge"),
            ("who is this assistant logged in as", "identity"),
            ("tell the Teams channel", "microsoft teams"),
            ("tell me what you can see of my system", "awareness"),
            (
                "let's take this offline, set up 15 minutes with Omar",
                "schedule",
            ),
            ("get eyes on my PR from the team", "pull request"),
            ("get a second assistant to double-check", "agents"),
            ("put a team of bots on the bug list", "agents"),
            // A second runtime is no helper to start.
            ("the second agent runtime on this machine", "harnesses"),
            ("which user do your commits show up as", "identity"),
            ("which branch of my bank is open late", LOOK_UP_ONLINE),
            ("the teams that lost in the league", LOOK_UP_ONLINE),
            ("farm them out to helpers", "agents"),
            ("search the repo for the number 86400", "grep"),
            ("have a gander through the code for it", "grep"),
            ("as a list of every line that says FIXME", "grep"),
            ("show the patch for the last commit", "diff"),
            ("the branch is only local", "push"),
            ("I don't want to lose what I've done", "commit"),
            ("nobody told the client the launch slipped", "email"),
            ("kindly do the needful and revert to the client", "email"),
            ("the commit where we removed the old API", "log of commits"),
            ("run the health check script", "shell command"),
            ("I want you to not forget that our standup moved", REMEMBER),
            ("don't forget that I'm vegetarian", REMEMBER),
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
            ("who rewrote the cache", AUTHOR),
            ("which processes are listening on port 80", "run"),
            ("the warnings the compiler prints", "run"),
            ("the output of the nightly job", "run"),
            ("the hottest functions in the profiler output", "run"),
            ("yesterday's conversation about pricing", REMEMBER),
            ("the size of the vendor folder", "shell command"),
            ("how big is the build folder", "shell command"),
            ("contents of setup.cfg", "file, read"),
            ("the history of utils.py", "file, commits"),
            ("all the .proto files", "file, find"),
            ("every TODO in the codebase", "grep"),
            ("commits on main by Ana", AUTHOR),
            ("lol what did i even change today", "status"),
            ("grep the repo for the error message", "grep content"),
            ("where's the scan we filed in March", "find files"),
            ("where on earth is the template I saved", "find files"),
            ("who has modified the config", AUTHOR),
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
            ("who changed the words", AUTHOR),
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
                "file, author in the history",
            ),
            ("add a CODEOWNERS file for the infra team", "file, write"),
            ("where the Stripe keys get loaded in our backend", "grep"),
            ("which files in this repo mention the old name", "grep"),
            ("rename the utils folder to common", "shell command"),
            ("config/api.yml is too low, set it to 45", "file, edit"),
            ("the name we chose when we chatted before", REMEMBER),
            ("what port did we say the dev server uses", REMEMBER),
            ("which branch am I even on", "status"),
            ("is my branch behind origin", "status"),
            ("can we get the hotfix merged into release-3.2", "merge"),
            ("where does the app read its feature flags from", "grep"),
            ("I forgot where UserService is defined", "grep"),
            ("where's the function that calculates tax", "grep"),
            ("change every tab to spaces in Makefile.am", "file, edit"),
            ("what's actually in the .npmrc?", "file, read"),
            ("start a CONTRIBUTING.md on branch naming", "file, write"),
            ("the diff of just one file, say src/router.ts", "file, diff"),
            ("where's the main entry point of this app", "grep"),
            ("find where we build the SQL for the reports page", "grep"),
            ("does the test suite still pass?", "run"),
            ("is anything still untracked?", "status"),
            ("have a separate agent draft a plan", "parallel"),
            ("how many lines did I add today", "diff"),
            ("where the retry backoff gets configured", "grep"),
            ("have several agents fix them at once", "parallel, agents"),
            ("add a section at the top of CHANGELOG.md", "file, edit"),
            ("who keeps changing the CI config", AUTHOR),
            (
                "the URL in .env.local is wrong, change it to the new one",
                "file, edit",
            ),
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
            ("where did I save my draft", "find, files"),
            ("I lost track of where I put the invoice template", "find"),
            ("the README still mentions Python 3.8", "file, edit"),
            ("show me exactly what I'm about to send", "diff"),
            ("how much swap is the box using", "shell command"),
            ("the escalation steps in our knowledge base", "internal"),
            ("find every place that still imports it", "grep"),
            ("which files say deprecated anywhere in them", "grep"),
            ("did i forget to commit anything", "uncommitted"),
            (
                "split yourself in two and have one half sort it",
                "parallel",
            ),
            ("a file called like nginx conf where is it", "find files"),
            ("loop in Raj on the vendor thread", "email"),
            ("loop in Ana and Raj on this thread", "email"),
            ("cc legal on it", "email"),
            ("kick off the e2e suite locally", "run"),
            ("am I clean or dirty right now", "uncommitted"),
            ("whether the working copy has pending edits", "uncommitted"),
            (
                "if any file still references the old API host",
                "edit, grep",
            ),
            ("if you've got a strategy already, lay it out", "plan"),
            ("make sure the code still compiles", "run"),
            ("change a line in a config without rewriting it", "edit"),
            ("show line-by-line changes before I commit", "diff"),
            ("can you make commits on my behalf", "commit"),
            ("what's going on in this workspace right now", "awareness"),
            ("put it somewhere safe in the project's record", "commit"),
            ("make what I've saved show up for everybody else", "push"),
            ("which words I added and took out of it", "diff"),
            (
                "the new menu is in hers, put that into the main one",
                "merge",
            ),
            (
                "a photo called beach something, which folder is it in",
                "find files",
            ),
            ("which of my online things can you get into", "connectors"),
            (
                "put a reminder in my diary for the plumber",
                "schedule, calendar",
            ),
            ("what can you see around you", "awareness"),
            ("does it show up under my name or yours", "identity"),
            ("can you tell me who you're acting as", "identity"),
            ("if there's no LICENSE file, create one", "file, write"),
            (
                "read the existing nginx.conf so you don't break it",
                "file, read",
            ),
            ("lay out your roadmap for this ticket", "plan"),
            ("does docker-compose.yml expose 5432?", "file, read"),
            ("s/staging/prod/ in deploy.env", "file, sed"),
            (
                "a Makefile in here somewhere but I can't spot it",
                "file, find files",
            ),
            ("something still imports the old logger, find where", "grep"),
            ("show me exactly what I changed", "diff"),
            ("someone reverted my fix, I want to know who", AUTHOR),
            ("the fixes from develop, bring them over", "merge"),
            ("new file please, ideas.md, with a heading", "file, write"),
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
            ("get a few more of you working on this", "agents"),
            ("three mini versions of you, one per college", "agents"),
            ("what lines did we touch since then", "diff"),
            ("yeet my commits up to github", "push"),
            (
                "look over my part before it goes into the main copy",
                "pull request",
            ),
            ("fold the side copy back into the real one", "merge"),
            (
                "every time someone saved a new version of this",
                "log of commits",
            ),
            (
                "my latest saved version where the team can pick it up",
                "push",
            ),
            (
                "the pieces I've touched but not put away yet",
                "uncommitted",
            ),
            ("find every file that says 'deprecated'", "grep"),
            ("which of my files even say 'homework'", "grep"),
            ("which of my writings has the name Harriet in it", "grep"),
            ("it's somewhere on this laptop", "find files"),
            ("check the code still works", "run"),
            ("the tea should say four pounds not three", "edit"),
            ("what the instructions file in here says", "read"),
            ("run it and show me the failures", "run"),
            ("what have you been up to today", "audit"),
            ("what's around you right now", "awareness"),
            (
                "which of my accounts have you been given the keys to",
                "connectors",
            ),
            ("an add-on you could learn for invoices", "skill"),
            ("I mentioned before what her school is called", REMEMBER),
            ("tell them in our group chat app", "chat message"),
            ("the papers I gave you about floods", "knowledge base"),
            ("look through my uploaded PDFs", "knowledge base"),
            ("can you get some others like you to help", "agents"),
            (
                "show me what got committed over the weekend",
                "log of commits",
            ),
            ("commit the 2 changed files as 'v1.0.3'", "commit"),
            ("keep a copy of how my story looks right now", "commit"),
            ("the newest version up to where my group reads it", "push"),
            ("which words are different from the copy I kept", "diff"),
            ("are there any TODOs left in src", "grep"),
            ("every occurrence of 8080 in our code", "grep"),
            ("just find the ones that mention stripe", "grep"),
            ("lines 100 to 150 of the output", "read"),
            ("item 17 should cost 9.99 not 12.99", "edit"),
            ("Sam's is wrong, it should be the ninth", "edit"),
            ("which part of the computer is it in", "find files"),
            ("where on this machine is the logo", "find files"),
            ("look inside all my typed pages for Rose", "grep"),
            ("find every file that imports the old logger", "grep"),
            (
                "anything over 500 MB in the downloads folder",
                "shell command",
            ),
            ("check the disk with du", "shell command"),
            ("one of those documents you can print", "word document"),
            ("I want to see every action you took", "audit"),
            ("what you did in the last hour", "audit"),
            ("do you actually need my permission", "autonomy"),
            ("are you allowed to change things", "autonomy"),
            ("where are you working from right now", "awareness"),
            ("who does the computer think you are", "identity"),
            ("which of my things can you get at", "connectors"),
            ("what were you set up to know how to do", "skills"),
            ("an extra ability you could pick up", "skill"),
            ("the booklets I put in for you", "knowledge base"),
            ("check our uploaded policy documents", "knowledge base"),
            ("the bit of you that types commands", "shell command"),
            (
                "who first added the payments module",
                "author in the history",
            ),
            ("a PR so Sam can check my changes", "pull request"),
            ("merge upstream main into my fork", "merge"),
            ("for Jonas to be able to pull my work", "push"),
            ("a letter I can print for the bank", "word document"),
            ("the word is in one of the files", "grep"),
            ("the file is called settings, where is it", "find files"),
            ("the signed contract pdf on this machine", "find files"),
            ("which module reads the upload setting", "grep"),
            ("what the assistant did today", "audit"),
            ("the part that remembers what you've done", "audit"),
            ("your connections to my apps", "connectors"),
            ("the files you keep for our office rules", "knowledge base"),
            ("PR my branch please", "pull request"),
            ("cloud-sync my commits to GitHub", "push"),
            ("make a note in the project's past", "commit"),
            ("onto the shared place where others see them", "push"),
            ("every saving point anyone has made", "log of commits"),
            ("work the project hasn't taken in yet", "uncommitted"),
            (
                "approve it before it becomes part of the book",
                "pull request",
            ),
            ("join my trial version with the proper one", "merge"),
            (
                "which person put in the paragraph about refunds",
                "author in the history",
            ),
            ("what was there last week next to what's there now", "diff"),
            ("where's it kept, the file called brand-guide", "find files"),
            ("it's somewhere in this project", "find files"),
            ("a letter somewhere on here", "find files"),
            ("the file with the welcome words, what it has in it", "read"),
            ("how much room the computer has left", "shell command"),
            ("the things you're going to do", "plan"),
            ("when you act for me, what name shows up", "identity"),
            ("things you've done for me today", "audit"),
            ("what extra tricks do you already know", "skills"),
            ("which of my apps are connected", "connectors"),
            ("the rule sheets I handed you", "knowledge base"),
            ("put a 30-minute sync with Dana in", "meeting"),
            ("block 9-11 every day for deep work", "schedule"),
            ("commits since the first of the month", "log of commits"),
            ("commits pushed after nine today", "log of commits"),
            (
                "the deploy yesterday: which commit was it",
                "log of commits",
            ),
            ("find all references to UserSession", "grep"),
            ("EXPLAIN ANALYZE the report query", "sql query"),
            (
                "discard my working changes to the lockfile",
                "shell command",
            ),
            ("make sure nothing is left uncommitted", "status"),
            ("what have you even been doing all morning?", "audit"),
            ("couldn't you have searched the code for it first?", "grep"),
            ("verify the hotfix commit is on main", "log of commits"),
            ("the users table has an index on email", "sql query"),
            ("press Ctrl+Shift+F, type 'legacyApi'", "symbol, grep"),
            (
                "type 'best ramen' into Google and tell me the top hits",
                LOOK_UP_ONLINE,
            ),
            ("show me those unstaged edits", "diff"),
            ("look at what changed in my working copy", "diff"),
            (
                "my passport number ends in digits I gave you once",
                REMEMBER,
            ),
            ("kick off pytest and spill the failures", "shell command"),
            ("what did people commit while I was gone?", "log of commits"),
            ("has anyone pushed to main today", "log of commits"),
            ("what exactly did that commit change?", "diff"),
            (
                "the assistant should remember that my manager is Ines",
                REMEMBER,
            ),
            ("check whether anything is left unstaged", "status"),
            ("put the product blurb into Japanese", "translate"),
            ("render this sentence in German", "translate"),
            ("I told you it's Biscuit — don't forget", REMEMBER),
            (
                "is the README on main the same as on the release branch?",
                "file, diff",
            ),
            ("look for any file called backup", "find files"),
            ("keep in your head that my cat is named Tom", REMEMBER),
            (
                "the intern's commit from yesterday — what did it change?",
                "diff",
            ),
            ("who made the last changes to my code, and when?", AUTHOR),
            ("find the words 'big cat' in all my code", "grep"),
            ("search the logs folder for 'OutOfMemoryError'", "grep"),
            ("which of my .bib files has the citation", "file, grep"),
            ("which of the files mention the old host", "grep"),
            (
                "where did I save the csv with the survey responses",
                "find, files",
            ),
            ("a one-page summary I can print", "word document"),
            ("what Postgres error code 53300 means", LOOK_UP_ONLINE),
            ("before I forget: my sister's name is Ana", REMEMBER),
            (
                "block the team lunch for Mia's first day in my calendar",
                "schedule",
            ),
            ("find the slide file called roadmap-2027", "find files"),
            ("translate the handbook summary into Polish", "translate"),
            ("which macro files mention 'store credit'?", "grep"),
            ("what can you do for me as my assistant", "skills"),
            ("show your actions on the billing repo", "audit"),
            ("do your actions show up as me", "identity"),
            ("walk me through the steps you'd take", "plan"),
            ("check our refund policy first", "knowledge base"),
            ("the data dictionary entry for plan tier", "knowledge base"),
            ("how do other companies word an apology", LOOK_UP_ONLINE),
            ("the time difference with Tokyo", LOOK_UP_ONLINE),
            ("what definition of churn did I give you", REMEMBER),
            ("translate the message from French", "translate"),
            ("reply in German, translate my answer", "translate"),
            (
                "every contract in the contracts folder that has a non-compete clause",
                "grep",
            ),
            ("per the team playbook on escalations", "knowledge base"),
            ("how will you go about the migration", "plan"),
            ("resize the jpgs with mogrify", "shell command"),
            ("our leave policy says what about carers", "knowledge base"),
            ("find the file with the on-call numbers", "find files"),
            (
                "how do other projects handle breaking changes",
                LOOK_UP_ONLINE,
            ),
            ("find the pricing deck", "find files"),
            ("find the transcript of my interview", "find files"),
            ("which of the vendor invoices mention net 60", "grep"),
            ("how many words is draft-v3.md", "file, shell command"),
            ("count the rows in leads.csv", "file, shell command"),
            ("look at their careers page", "fetch page"),
            ("what would you do first to verify it", "plan"),
            ("what's our style guide say about titles", "knowledge base"),
            ("what files did I touch today", "status"),
            ("remind me on the 15th to file the taxes", "date, schedule"),
            ("read the leaked memo and pull out the dates", "read"),
            ("pull the invoices from the billing folder", "find files"),
            ("show me the unsaved changes", "uncommitted"),
            ("check our food safety manual for soups", "knowledge base"),
            ("what are they saying on the web", LOOK_UP_ONLINE),
            ("remember the fish guy's name is Tomas", REMEMBER),
            ("what tools can you use for ordering", "connectors"),
            ("what did you change in my menu files", "audit"),
            ("where do we spawn enemies in the level code", "grep"),
            ("find the player controller script", "find files"),
            ("what did the artists change in the assets branch", "diff"),
            ("find every TODO in the combat scripts", "grep"),
            ("remember the guest in 410 likes extra pillows", REMEMBER),
            ("find the syllabus for Stats 201", "find files"),
            ("find the Figma export of the onboarding flow", "find files"),
            ("check our design system docs for spacing", "knowledge base"),
            ("what can you hook into for my LMS", "connectors"),
            ("which of the rate confirmations mention detention", "grep"),
            ("what's the fix for Outlook stuck on sync", LOOK_UP_ONLINE),
            ("which laptops in assets.csv are old", "file, read"),
            ("is port 3389 open here", "run"),
            ("which of the logs mention 'auth failure'", "grep"),
            (
                "what can you not do without asking me",
                "autonomy, awareness",
            ),
            ("what size shoes does Leo wear again", REMEMBER),
            ("what's Leo's teacher's name again", REMEMBER),
            ("what's the backfill window again", REMEMBER),
            ("how long is the sponsor read again", REMEMBER),
            ("find the raw audio for episode 42", "find files"),
            ("book the guest for a recording session", "schedule"),
            ("what can you connect to for hosting", "connectors"),
            ("find the grant report we sent", "find files"),
            ("which of the grant proposals mention tutoring", "grep"),
            ("get the foundation's guidelines page", "fetch page"),
            ("read the audit letter", "read"),
            (
                "find every product page that still says 'free'",
                "edit, grep",
            ),
            ("what time does the pharmacy close today", LOOK_UP_ONLINE),
            ("a chore chart for the kids I can print", "word document"),
            ("make a Word flyer for the open house", "docx"),
            ("block the mornings for swim lessons", "schedule"),
            ("what did you add to my calendar", "audit"),
            ("read the permission slip scan", "read"),
            ("find the signed purchase agreement", "find files"),
            ("find the protocol for the Western blot", "find files"),
            ("check the lab safety manual for spills", "knowledge base"),
            ("how many samples are in samples.csv", "file, shell command"),
            ("query the LIMS database for samples", "sql query"),
            ("find the raw images from March", "find files"),
            ("who in the lab edited the plotting code", AUTHOR),
            ("what does our IRB protocol say", "read, knowledge base"),
            ("make a printable run-of-show", "word document"),
            ("what did you email the vendors today", "audit"),
            ("get the shuttle company's website", "fetch page"),
            ("find the latest structural drawings", "find files"),
            ("which of the submittals mention drywall", "grep"),
            ("count the lines in the error file", "shell command"),
            ("put the migration window on the team calendar", "schedule"),
            ("where's the shutoff valve again", REMEMBER),
            ("which dog bites when you touch her ears again", REMEMBER),
            ("when is Marcus back from leave again", REMEMBER),
            ("what reminders did you send to clients", "audit"),
            ("what did you push to main", "audit"),
            ("what did Karen tell you about the budget", REMEMBER),
            ("remember the staging key lives in the vault", REMEMBER),
            ("is it up to you or me to approve the orders", "autonomy"),
            ("what apps can you work with", "connectors"),
            ("which of my tools can talk to the custodian", "connectors"),
            ("walk me through how you'd organize the season", "plan"),
            ("find the team photo from the state game", "find files"),
            ("check our clinic protocols for parvo", "knowledge base"),
            ("check the church bylaws for the quorum", "knowledge base"),
            ("pull up the parts supplier's site", "fetch page"),
            ("get the competitor's bio from their site", "fetch page"),
            (
                "look at the careers page of our main competitor",
                "fetch page",
            ),
            ("check the events table for clicks", "sql query"),
            ("update the content calendar sheet", "spreadsheet"),
            ("which of the screens still use the old Button", "grep"),
            (
                "which Google account is the calendar connected with",
                "identity",
            ),
            ("are you using the library's account", "identity"),
            ("translate the handout into Tagalog", "translate"),
            ("find the performance review for Tomás", "find files"),
            ("find last year's summer reading flyer", "find files"),
            ("find the signed facility use agreement", "find files"),
            ("read the updated 401k plan summary and tell me", "read"),
            (
                "how many families are on members.csv",
                "file, shell command",
            ),
            (
                "change my service call fee in rates.md to $95",
                "file, edit",
            ),
            ("find the Info.plist", "file"),
            ("did you send anything to the tenants", "audit"),
            ("how are you going to handle the turnovers", "plan"),
            ("how would you grow the 6am class", "plan"),
            ("do you send notices yourself or do I", "autonomy"),
            ("are you going to ask before charging a card", "autonomy"),
            ("can you connect to AppFolio", "connectors"),
            ("go through the HOA letter and pull out the fixes", "read"),
            ("look in our owner policies for repairs", "knowledge base"),
            ("print-ready waiver form please", "word document"),
            ("find the waiver Ashley signed", "find files"),
            ("find the move-in inspection photos", "find files"),
            ("which of the feedback forms complain about showers", "grep"),
            ("show me everything you sent to patients", "audit"),
            ("anything you emailed clients?", "audit"),
            ("which CAT tools can you work with", "connectors"),
            ("can you talk to Dentrix", "connectors"),
            ("which of my accounts is the Gmail you use", "identity"),
            ("keep in mind Mr. Ortiz needs antibiotics first", REMEMBER),
            ("note for later: the Chens hate red-eye flights", REMEMBER),
            ("don't forget: the client wants British spelling", REMEMBER),
            ("I passed it on to you, what was it", REMEMBER),
            ("do you text patients or wait for my yes", "autonomy"),
            ("how do you intend to tackle the manual", "plan"),
            ("where's the signed NDA from the agency", "find files"),
            ("where are my lab reports", "find files"),
            ("skim the cruise contract and tell me", "read"),
            ("look over the insurance EOB and tell me why", "read"),
            ("word count of chapter3.txt", "file, shell command"),
            ("Spanish version of the instructions", "translate"),
            (
                "jot the new steps into procedures/sterilization.md",
                "file, write",
            ),
            (
                "in glossary.md 'Schraube' should map to 'screw' not 'bolt'",
                "file, edit",
            ),
            ("how would you structure the related work section", "plan"),
            ("which of my chapter drafts cite Hinton 2006", "grep"),
            ("which of our menu files still list the crab cakes", "grep"),
            ("get the menu description into Spanish", "translate"),
            (
                "dig out the health inspection report from March",
                "find files",
            ),
            ("dig up the photos from last year's trip", "find files"),
            (
                "the catering contract template, where is it",
                "grep, find files",
            ),
            (
                "how many lines are in reservations.csv",
                "file, shell command",
            ),
            (
                "which servers worked 40 hours, it's in the timeclock table",
                "sql query",
            ),
            ("pull the overdue ones from the billing table", "sql query"),
            ("whose GitHub account are you pushing as", "identity"),
            ("in menu.md the burger is $16 now, not $15", "file, edit"),
            (
                "pull the venue contract for the Garcia wedding",
                "find files",
            ),
            (
                "which of my event files still have the old caterer's number",
                "grep",
            ),
            ("where'd the floor plan pdf for the museum go", "find files"),
            (
                "where's the field trip permission slip I made last year",
                "find files",
            ),
            (
                "make a folder for each student in the portfolios directory",
                "shell command",
            ),
            ("resize every image in the photos folder", "shell command"),
            (
                "go to the district's snow day page and tell me if it's closed",
                "fetch page",
            ),
            (
                "the wax supplier I mentioned, what were they called",
                REMEMBER,
            ),
            ("what email are you answering customers from", "identity"),
            ("which school account is the Gmail hooked to", "identity"),
            ("which of the school's apps can you use", "connectors"),
            ("how would you roll out the new VPN client", "plan"),
            ("how would you restructure the middle of the book", "plan"),
            ("where's the network diagram", "find files"),
            ("where's the outline for book two", "find files"),
            ("which chapters mention the lighthouse", "grep"),
            ("find every chapter where Tom smokes a pipe", "grep"),
            ("what did I decide the butler's name was", REMEMBER),
            (
                "check my series bible for when Tom's father died",
                "knowledge base",
            ),
            (
                "pull up my publisher's submission guidelines page",
                "fetch page",
            ),
            (
                "which Google account are you saving my drafts to",
                "identity",
            ),
            ("bounce nginx on the web box", "shell command"),
            (
                "German descriptions for the EU shop, from the English ones",
                "translate",
            ),
            ("which adjuster notes still reference the old terms", "grep"),
            ("which of the estimates still say 2024 prices", "grep"),
            ("find the signed proof of loss for the claim", "find files"),
            ("find last year's fertilizer schedule", "find files"),
            ("pull the photos from claim 88213", "find files"),
            (
                "pull the condition report for the wedding dress",
                "find files",
            ),
            (
                "translate the label text for the Mexican pottery into Spanish",
                "translate",
            ),
            ("what can you do for a landscaping business", "skills"),
            ("what systems can you reach", "connectors"),
            (
                "count how many pdfs are in the claims folder",
                "shell command",
            ),
            (
                "check the home depot page for the price of pavers",
                "fetch page",
            ),
            (
                "open the state liquor board page and check the renewal date",
                "fetch page",
            ),
            (
                "look at the hop supplier's site for Citra pricing",
                "fetch page",
            ),
            ("how would you set up reminders for the customers", "plan"),
            ("pull last quarter's excise tax report", "find files"),
            ("what can you help me with for the brewery", "skills"),
            ("what kinds of jobs can you handle for me", "skills"),
            ("check our records retention schedule", "knowledge base"),
            ("which of my recipes use Mosaic hops", "grep"),
            ("which repair orders mention a check engine light", "grep"),
            ("which resolutions from this year mention the tower", "grep"),
            (
                "search the ordinance files for anything about golf carts",
                "grep",
            ),
            (
                "write a thank you note to the Rotary, make it a doc",
                "word document",
            ),
            (
                "what does state law say about posting notice",
                LOOK_UP_ONLINE,
            ),
            (
                "where's the latest set of elevations for the house",
                "find files",
            ),
            (
                "check our CAD standards doc for the layer naming",
                "knowledge base",
            ),
            ("what can you tie into", "connectors"),
            (
                "find the worksheet I made on quadratic equations",
                "find files",
            ),
            ("which of the handouts still have the typo", "grep"),
            ("what can you help a tutor with", "skills"),
            (
                "what sorts of things can you help with around the shop",
                "skills",
            ),
            ("find the proposal I sent the Hughes family", "find files"),
            ("which invoices still show the old tax rate", "grep"),
            ("what can you do to help a flower shop", "skills"),
            (
                "what's something useful you could do for the league",
                "skills",
            ),
            (
                "what does FERPA allow us to share with parents",
                LOOK_UP_ONLINE,
            ),
            ("which of our systems can you get into", "connectors"),
            (
                "whose email are you sending the newsletters from",
                "email, identity",
            ),
            (
                "add the deadlines for the spring cycle to the grants calendar",
                "schedule",
            ),
            ("set a call with our board treasurer", "schedule"),
            ("can you get into our booking software", "connectors"),
            ("did you fax or send anything to Aetna", "audit"),
            ("did you confirm the appointments with everyone", "audit"),
            (
                "don't forget the Ford foundation caps indirect costs at 10%",
                REMEMBER,
            ),
            ("jot down that Mrs. Patel likes her water cold", REMEMBER),
            ("what were Tom's restrictions, you had them", REMEMBER),
            (
                "have a couple of agents compare three booking apps",
                "agents",
            ),
            ("split up the research between a few assistants", "agents"),
            (
                "how long should you wait between bleach sessions",
                LOOK_UP_ONLINE,
            ),
            (
                "look through Tom's intake form and tell me his pain score",
                "read",
            ),
            (
                "open the 2023 annual report and pull out the totals",
                "read",
            ),
            (
                "open the insurance policy and tell me if it covers burns",
                "read",
            ),
            (
                "what did the reviewers say in last year's feedback letter",
                "read",
            ),
            (
                "what does the clinic protocol say about week 2",
                "read, knowledge base",
            ),
            (
                "put the aftercare instructions into Vietnamese",
                "translate",
            ),
            (
                "save an outline of the evaluation plan to eval_plan.md",
                "file, write",
            ),
            ("services.md: women's cut goes up to $70", "file, edit"),
            ("what can you help a grant writer with", "skills"),
            ("what could you do for a physical therapy clinic", "skills"),
            (
                "what email do patients see when you write to them",
                "identity",
            ),
            ("what number are you texting clients from", "identity"),
            (
                "what would you tackle first on the Ford application",
                "plan",
            ),
            ("where's Tom Becker's initial evaluation", "find files"),
            (
                "which of our past proposals talk about the reading camp",
                "grep",
            ),
            (
                "which of the discharge summaries still have the old address",
                "grep",
            ),
            (
                "would you cancel a patient's appointment without asking me",
                "autonomy",
            ),
            (
                "do you message parents without running it by me",
                "autonomy",
            ),
            ("where'd I save the organic certification paperwork", "find"),
            (
                "what kinds of things can you do for a school principal",
                "skills",
            ),
            ("what are you able to do for a farm", "skills"),
            (
                "track down the bus contract with Durham",
                "find, find files",
            ),
            ("find the field trip permission slip template", "find files"),
            (
                "how many files are in the lesson plans folder",
                "shell command",
            ),
            (
                "which of the teacher evaluations bring up classroom management",
                "grep",
            ),
            ("which incident reports involve the playground", "grep"),
            (
                "what's our food safety plan say about washing greens",
                "knowledge base",
            ),
            (
                "what was the code for the Peterson storage unit I gave you",
                REMEMBER,
            ),
            ("hang on to this: the Johnsons are gluten free", REMEMBER),
            ("did the newsletter go out to families yet", "email, audit"),
            ("what texts went out to customers today", "audit"),
            ("what name shows up when you email customers", "identity"),
            ("the letter home needs to go out in Arabic too", "translate"),
            (
                "rates.md: the hourly rate for 3 movers is now $165",
                "file, edit",
            ),
            ("planting.md: move the squash to bed 7", "file, edit"),
            (
                "how do you get rid of squash bugs organically",
                LOOK_UP_ONLINE,
            ),
            ("make a moving day checklist for customers in word", "docx"),
            ("who are you sending customer emails as", "identity"),
            (
                "what email are the parent messages going out from",
                "identity",
            ),
            ("which march did I pick for the parade", REMEMBER),
            (
                "where is the music rights license for the halftime show",
                "find files",
            ),
            ("where did the consignment agreement end up", "find files"),
            ("where did the scanned permission slips go", "find files"),
            ("the Henderson quote has to be in Polish", "translate"),
            (
                "skim the publisher's co-op terms and tell me the deadline",
                "read",
            ),
            (
                "make a mental note that Mrs. Alvarez wants every new Louise Penny",
                REMEMBER,
            ),
            ("note that Jamal is allergic to bees", REMEMBER),
            ("how could you help out at a bookstore", "skills"),
            ("have you emailed anyone about the event yet", "audit"),
            (
                "did you call or email the Hendersons about the delay",
                "audit",
            ),
            (
                "events.md: the Patchett signing is now at 7:30",
                "file, edit",
            ),
            (
                "pricing.md: a tune-up is $129 starting January",
                "file, edit",
            ),
            (
                "draft a maintenance agreement in word for the Hendersons",
                "docx",
            ),
            ("do you reply to customers by yourself", "autonomy"),
            (
                "did the reminder about the bus times go to parents",
                "audit, look up online",
            ),
            (
                "which of the newsletters still have the old store hours",
                "email, grep",
            ),
            ("who holds the rights to Our Town", LOOK_UP_ONLINE),
            ("which of the script drafts have the new ending", "grep"),
            (
                "what was the name of the commissary kitchen I liked",
                REMEMBER,
            ),
            (
                "what kind of help can you give a community theater",
                "skills",
            ),
            ("what could you do for a food truck", "skills"),
            ("what can you help a pet sitter do", "skills"),
            ("what email address do clients see from you", "identity"),
            (
                "what do our theater bylaws say about board elections",
                "knowledge base",
            ),
            ("store this: the Parkers' alarm code is 4412", REMEMBER),
            (
                "fyi for the future, the propane guy only takes cash",
                REMEMBER,
            ),
            ("for the record, Maya can't do matinees", REMEMBER),
            (
                "pull up the Lopez intake form and tell me the vet's number",
                "read",
            ),
            (
                "pull ticket sales by night from the box office database",
                "sql query",
            ),
            ("menu board in Korean for the festival", "translate"),
            (
                "how would you schedule tech week so nobody burns out",
                "plan",
            ),
            (
                "how do you see us handling two events on the same day",
                "plan",
            ),
            (
                "how are you planning to fit all the holiday visits in",
                "plan",
            ),
            (
                "did you answer the catering inquiry from the law firm",
                "audit",
            ),
            ("did anything go out to the Parkers from you today", "audit"),
            (
                "tech week is all next week, block it all out",
                "date, schedule",
            ),
            ("rates.md: overnight stays go to $85", "file, edit"),
            ("did the class cancellation text reach everyone", "audit"),
            ("was the closure notice actually sent to families", "audit"),
            (
                "show me what messages you sent to the Butterfly room parents",
                "audit",
            ),
            (
                "which address do your emails to students come from",
                "identity",
            ),
            (
                "look at the teacher contract for Priya and tell me her pay rate",
                "read",
            ),
            (
                "check the Oak Street bid and tell me what we quoted per door",
                "read",
            ),
            (
                "go into the Patel enrollment packet and find the emergency contact",
                "read",
            ),
            (
                "hunt for the insurance certificate the landlord wanted",
                "find files, find",
            ),
            ("I can't find the bonding paperwork", "find files"),
            ("I need the Nguyen boy's immunization record", "find files"),
            (
                "where's the signed pickup authorization for Lily",
                "find files",
            ),
            ("which staff files are missing a CPR certificate", "grep"),
            (
                "the Garcia twins can't have dairy, keep that somewhere",
                REMEMBER,
            ),
            ("file away that the Alvarez garage code is 7731", REMEMBER),
            (
                "what steps would you take to get ready for the licensing inspection",
                "plan",
            ),
            ("can you email parents with no sign off from me", "autonomy"),
            (
                "would you charge a customer's card with nobody checking",
                "autonomy",
            ),
            (
                "what could an assistant like you handle at a daycare",
                "skills",
            ),
            ("is there anything you can help a locksmith with", "skills"),
            (
                "send out some agents to price key blanks from different suppliers",
                "agents",
            ),
            (
                "is there a way for you to work with my invoicing program",
                "connectors",
            ),
            (
                "the lockout instructions card should also be in Portuguese",
                "translate",
            ),
            (
                "list the files in the invoices folder by date",
                "shell command",
            ),
            (
                "pricing.md: lockout fee after 9pm becomes $150",
                "file, edit",
            ),
            ("dues.md: quarterly dues rise to $310", "file, edit"),
            ("labor.md: basic tune-up costs $89 now", "file, edit"),
            (
                "Mrs. Kowalski prefers calls after noon, make a note",
                REMEMBER,
            ),
            (
                "the Hendersons at lot 14 always pay late, keep that in your notes",
                REMEMBER,
            ),
            (
                "can you send an obituary to the paper without my okay",
                "autonomy",
            ),
            ("would you reply to an angry review yourself", "autonomy"),
            ("did the obituary get emailed to the paper", "audit"),
            ("did you ever tell Karen her bike was ready", "audit"),
            ("pull the Brandt pre-need contract", "find files"),
            (
                "where did we keep the landscaping contract",
                "find, find files",
            ),
            ("how could you help me run a bike shop", "skills"),
            ("what are the ways you could help an HOA board", "skills"),
            ("what would you be good for at a funeral home", "skills"),
            (
                "what do the covenants say about fence height",
                "knowledge base",
            ),
            ("what name do families see on your emails", "identity"),
            (
                "what's the sender address on the HOA emails you write",
                "identity",
            ),
            (
                "is Saturday supposed to be clear for the graveside service",
                LOOK_UP_ONLINE,
            ),
            ("will the ice storm hit us Thursday", LOOK_UP_ONLINE),
            (
                "can you send the newsletter without me looking at it",
                "email, autonomy",
            ),
            (
                "convert all the wav files in recordings to mp3",
                "find, shell command",
            ),
            ("could you help with a cleaning business at all", "skills"),
            ("did Lily's mom get my email about the recital", "audit"),
            (
                "have the organizer packets gone out to all clients",
                "audit",
            ),
            ("was the invoice for 44 Pine sent", "audit"),
            ("lay out how you'd handle the April rush", "plan"),
            ("parents get your messages from what address", "identity"),
            (
                "what email do clients get your confirmations from",
                "identity",
            ),
            (
                "fees.md: a 1040 with schedule C is $450 this season",
                "file, edit",
            ),
            (
                "rates.md: 45 minute lessons will be $55 from January",
                "file, edit",
            ),
            (
                "set up a file extension_deadlines.md listing who filed extensions",
                "file, write",
            ),
            (
                "the Chens moved to Oregon in June, don't lose that",
                REMEMBER,
            ),
            (
                "the client checklist should be available in Vietnamese",
                "translate",
            ),
            (
                "the crew checklist has to work for our Spanish speakers",
                "translate",
            ),
            (
                "track down last year's return for the Patels",
                "find, find files",
            ),
            (
                "which lesson notes say a student is struggling with scales",
                "grep",
            ),
            ("which student files still have the old lesson rate", "grep"),
            (
                "would you approve an adoption application without a staff member",
                "autonomy",
            ),
            ("which phone number do you use to text owners", "identity"),
            (
                "what do adopters see as the sender of your emails",
                "identity",
            ),
            (
                "rename the intake photos to the animal ids",
                "shell command",
            ),
            ("how much space are the photos taking up", "shell command"),
            (
                "pull up Max's pet card and tell me his last blade length",
                "read",
            ),
            (
                "open Luna's medical record and tell me when she was spayed",
                "read",
            ),
            ("did the thank you email go to the donors", "audit"),
            (
                "did the Smiths get a reminder for Max's appointment",
                "audit",
            ),
            ("Max gets anxious with clippers, hold on to that", REMEMBER),
        ] {
            assert_eq!(hints_of(need), format!("{need} ({want})"), "{need}");
        }
        for need in [
            "for deep reasons",
            "commits to the branch",
            "which commit should I use",
            "references for the job application",
            "explain the analysis",
            "discard the old drafts",
            "what have the kids been doing at school",
            "search the code of conduct",
            "type the minutes into Google Docs and share them",
            "the commit is small",
            "sync the folder with the remote",
            "which files have unstaged edits",
            "a kick-off meeting with the client",
            "the committee met with the board",
            "the code I wrote yesterday",
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
            "get into English football",
            "which stores still sell film cameras",
            "find the signal on the old radio",
            "what can you do for a sore throat",
            "find last year's winner of the Booker prize",
            "pull up photos of Saturn",
            "what systems are down",
            "check the oil level in the mower",
            "how many people are in the Beatles",
            "where's the latest version of Chrome",
            "which PRs still have failing checks",
            "what can you do to help a friend",
            "whose email is this",
            "which of the PRs still have failing checks",
            "find the song I heard on the radio",
            "which songs mention New York",
            "make it a google doc",
            "what can you make of this",
            "look at the state of the kitchen",
            "search the files for the lease",
            "dig up the lyrics for Wonderwall",
            "how many words are in the Gettysburg address",
            "where is gold on the periodic table",
            "are you sending this as a PDF",
            "which of my working files have been altered since the last commit",
            "pull up the minutes of the board meeting",
            "pull the plug on the project",
            "which of the PRs still have failing checks",
            "where's the restaurant we went to last year",
            "go to the store and buy milk",
            "I mentioned it to Sam",
            "what apps do you think I should use",
            "where's the best photo of the eclipse",
            "which chapters of the book are the best",
            "bounce the idea off Sam",
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
            "which apps did I give you permission to use",
            // Idioms of our things that must leave the world's alone.
            "did I forget to add salt",
            "who reverted the ban on tobacco ads",
            "I lost my keys somewhere and can't find them on the map",
            "is there a pharmacy around here somewhere",
            "how do I loop in a crochet thread",
            "what does a CC BY licence allow",
            "is the Thames clean or dirty",
            "which files still exist from the Roman era",
            "do they still build ships in Belfast",
            "which words were added and removed from the dictionary",
            "can you get into Oxford with three Bs",
            "what can you see around Lake Como",
            "is the Nobel prize in my name or yours",
            "keep the world's record for the longest jump",
            "who is acting as the president",
            "make commits to your goals this year",
            "what's the working copy of a Stradivarius worth",
            "what is your country's strategy on climate",
            "the king undid the reforms, who followed him",
            "my aunt still calls me every week",
            "what's the latitude of Oslo",
            "how did whales evolve",
            "how many crimes were committed in London since 2020",
            "how has the climate changed between 1900 and 2000",
            "where are the best images of Saturn",
            "good places we could eat in Rome",
            "can I bring a guest without asking the host",
            "did the project get the green light",
            "has the Artemis launch been pushed to next year",
            "what's on the agenda at the G20 this year",
            "what do you remember about the 1990s",
            "is this running shoe good on a treadmill",
            "who was the last person to walk on the moon",
            "why do I see colours differently in the dark",
            "the morse code letters for the word SOS",
            "should you ask your doctor before fasting",
            "how warm is it today compared to before the storm",
            "is my phone running low on battery",
            "why is the cathedral tower stored in the history books",
            "what happens before a bill becomes official law",
            "who made the last three changes to the tax code",
            "things you did not know about octopuses",
            "is the Eurostar still running on the strike days",
            "the best travel guide we have for Japan",
            "does the iPhone work out of the box in Japan",
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
            "get the branch into shape",
            "what user research do we have",
            "the blog is down",
            "what's the difference between a violin and a fiddle",
            "should I say sorry or not",
            "does the old ferry still run in winter",
            "is there a version of Windows where I can get the old start menu",
            "how many copies of Harry Potter were sold",
            "what's around the corner from the Louvre",
            "what kind of computer should I buy for video editing",
            "a library in Paris with rare papers",
            "where in Spain do we speak Catalan",
            "somewhere on the coast of Maine",
            "I'd love to see more of you in Rome",
            "what was committed to memory by the monks",
            "commit the crime and do the time",
            "lines of latitude from 10 to 20 degrees of the equator",
            "should the minimum wage be raised or not",
            "what part of the brain controls balance",
            "where on the map is Timbuktu",
            "phones with over 8 GB of RAM",
            "who do you think will win the league",
            "every step you take in Venice is history",
            "which abilities can you learn in Skyrim",
            "instances of the word love in Shakespeare",
            "who first wrote the Iliad",
            "who first added salt to chocolate",
            "so the kids can check my work on the fridge",
            "how do I merge two lanes into my route",
            "what the assistant coach did after the match",
            "his connections to my hometown",
            "PR my company in the press",
            "who put in the first transatlantic cable",
            "how much room does a piano need in a flat",
            "what name shows up most in the phone book",
            "how many things you have done in a lifetime",
            "which tricks do dogs already know at birth",
            "are the test version of the vaccine and the real one the same",
            "copy the clean version over",
            "save a working copy of the essay",
            "what's the zip code for Soho",
            "suggest a good commit message",
            "are there modifications which have yet to be committed",
            "deploy it to the cloud",
            "do I need winter tyres to drive in Austria",
            "a file that opens in Word",
            "pull in the main sail",
            "what you think of the plan",
            "did they push back on the price",
            "what did the commission change in the rules",
            "remember the milk",
            "get into English football",
            "I told you to push it",
            "the same as last time, on a new branch",
            "create a file called notes",
            "keep the change in your wallet",
            "has anyone shipped the order",
            "did anyone change the meeting time",
            "don't forget the milk",
            "the plane should land on the runway",
            "the script of the play, who wrote it",
            "revert to the last commit",
            "revert back to the old logo",
            "search the web for cheap flights",
            "spend ten minutes with the docs",
            "I don't want to lose weight too fast",
            "find peace in all the noise",
            "where did I leave my keys",
            "search the drawer for the receipt",
            "how can I print from my phone",
            "what the error in my config means for the release",
            "before I forget, push the branch",
            "block the ads on my phone",
            "translate the idea into action",
            "do your actions speak louder than words",
            "check the rules of chess",
            "what can you do about the noise",
            "the time we spent made a difference",
            "the folder that was on the desk",
            "how will you get home",
            "pay with cash",
            "the letter says he should be home by six",
            "find the time for a call",
            "which of the forms do I need to sign",
            "how many words are there for snow",
            "count the rows in the orders table",
            "look at their faces",
            "what would you do with a free day",
            "remind me what I said to Ana",
            "read the news about the contract",
            "what's the fix for the typo",
            "remember to call Mum",
            "what did the doctor say",
            "what can you do",
            "what failed again",
            "what went wrong again in CI",
            "what's the plan again",
            "block the user",
            "who in the world knows",
            "get the website deployed",
            "count the votes",
            "remember the milk",
            "which of the candidates do you like",
            "go through the motions",
            "did you sleep well",
            "look in our fridge",
            "find the resolution of the screen",
            "go over the plan with me",
            "get helpers to go through the three quotes at once",
            "keep your mind on the road",
            "the word count",
            "don't forget where the Terraform files are",
            "change my mind",
            "deploy without running the tests",
            "don't forget the umbrella",
            "how long do you keep my files",
            "which of the kids talk about school",
            "book a table with a view",
            "set a table with flowers",
            "turn into a pumpkin",
            "what did they say in the news",
            "add salt to the pot",
            "what number do you see",
            "did you notice the rain",
            "how do you get rid of the merge conflict",
            "did the power go out",
            "find the best template for a resume",
            "hold on to this branch",
            "the signs in word and deed",
            "what went out of stock",
            "where is the nearest place to get a license",
            "who are you going as for halloween",
            "what email is this from",
            "note that the API is deprecated",
            "how can you help out a friend",
            "skim the milk",
            "it has to be in the box",
            "how do you see that colour",
            "block it out of your mind",
            "a book in Korean",
            "plans for the future",
            "which of my working files have been altered",
            "create the budget table in the no-code database",
            "was the invoice sent by the vendor a fake",
            "did the package reach the warehouse",
            "check the weather and tell me",
            "which runners can execute an agent like you",
            "could you work on the app's login bug",
            "file away the receipts",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
        for (need, not) in [
            ("which files are missing from the backup", "grep"),
            ("look up the lease laws", "find files"),
            ("have two agents show the house", "agents"),
            ("make a note in OneNote: buy a gift for mom", REMEMBER),
            ("can you fix it yourself", "autonomy"),
            (
                "if you ran anything without my OK today, list it",
                "autonomy",
            ),
            ("did the package get delivered", "audit"),
            (
                "did the stuff I changed get sent up to the shared copy yet",
                "audit",
            ),
            ("how could you help me run the migration", "skills"),
            ("the sender address on this phishing email", "identity"),
            ("pull the history of approvals I gave you", "find files"),
            ("did you get my email about the recital", "audit"),
            ("can you help with the business plan", "skills"),
            ("which browsers still use Flash", "grep"),
            ("tell me how you'd say hello in Japanese", "plan"),
            ("save the file for later review", REMEMBER),
            ("don't lose the receipts, file them in taxes/", REMEMBER),
            ("how much space does a piano take up", "shell command"),
            ("hold on to that thought, first fix the build", REMEMBER),
            ("what steps should you take after a car accident", "plan"),
            (
                "the sync on Monday at 10, add that file to the repo",
                "schedule",
            ),
        ] {
            let read = hints_of(need);
            let hints = read.strip_prefix(need).unwrap_or(&read);
            assert!(!hints.contains(not), "{need}: {hints}");
        }
        assert!(
            hints_of("private session with Ruth on Monday at 10, add that")
                .ends_with("(date, schedule)")
        );
        // Things that happen again, and what others said, are not what
        // was told before; half an hour is not a document.
        for need in [
            "when is the server going down again",
            "what broke again",
            "what did the doctor tell me",
        ] {
            assert!(!hints_of(need).contains(REMEMBER), "{need}");
        }
        assert!(!hints_of("find 30 minutes with Sam").contains("find files"));
        assert!(!hints_of("open the liquor board page and check the hours").contains("read"));
        assert!(
            !hints_of("For the record, write the decisions into docs/decisions.md")
                .contains(REMEMBER)
        );
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
            "the meeting notes saved to notes/sync.md",
            "I'll need a file todo.txt with today's three tasks",
            "ideally the docs folder has a CONTRIBUTING.md when you're done",
            "draft release notes into notes/release-2.4.md",
            "put the turnover checklist for 3B in turnovers/3b.md",
            "jot the materials list for the Kim job in jobs/kim.md",
        ] {
            assert!(hints_of(need).ends_with(", write)"), "{need}");
        }
        for need in [
            "the repo has no tests",
            "open SECURITY.md",
            "has no idea",
            "create a ticket for the crash",
            "what's saved in config/app.toml",
            "ideally, have a look at app.log first",
            "read the draft in drafts/intro.md",
            "rename 'save to disk' in menu.json",
            "put the version back to 4.2 in requirements.txt",
            "where I put the invoice template? it's a .docx somewhere in docs/",
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
            "run `date -u` and tell me the server time",
            "what does `node -v` print here",
            "pip list | grep requests",
            "kubectl get pods in the staging namespace",
            "make build && make test",
        ] {
            assert!(hints_of(need).contains("shell command"), "{need}");
        }
        for need in [
            "a - b",
            "pages 1-2",
            "-1 degrees",
            "well -- maybe",
            "cats|dogs",
        ] {
            assert!(!hints_of(need).contains("shell command"), "{need}");
        }
        // A script run by its path is a command too, not a file to read.
        for need in [
            "run ./migrate.sh against the local database",
            "the migration script should be run with scripts/migrate.sh",
        ] {
            assert!(hints_of(need).ends_with("(file, shell command)"), "{need}");
        }
        assert!(
            hints_of("run the migrations with ./manage.py migrate")
                .ends_with("(file, shell command)")
        );
        for need in ["what does run.sh do", "show me scripts/run.sh"] {
            assert!(!hints_of(need).contains("shell command"), "{need}");
        }
        for need in [
            "put django back to 4.2 in requirements.txt",
            "make the timeout in settings.yaml 30 seconds",
            "increase the pool size in db/config.toml to 20",
            "raise the max upload size in nginx.conf to 50M",
            "fix the misspelled heading in docs/setup.md",
            "package.json is a mess, tidy the indentation",
            "toggle line comment on line 12 of app.py",
            "add a TODO comment above the loop in sort.rs",
            "in VS Code, open src/app.tsx and change the title to 'Dashboard'",
            "delete the unused import at the top of utils/dates.ts",
            "set maxRetries to 5 in src/client/config.ts",
            "the timeout in config/app.yaml should be 30 not 10",
            "I want the log level in settings.py to be DEBUG instead of INFO",
            "the timeout in worker/settings.py should be 120, it's 60 now",
            "the timeout in server.toml should be 60, set it",
            "update the retry count in worker.py from 3 to 5",
            "update the opening hours, they're in site/hours.html, to 8 to 6",
            "update the readme's intro",
            "add the 1.4.0 section to CHANGELOG.md",
            "the MSRV in Cargo.toml says 1.70, should be 1.80",
            "change the button label in src/strings/en.json from 'Save' to 'Save changes'",
            "move table 12's guests to table 9 in seating.md",
            "mark item 14 done in punchlist.md",
            "in rates.md my service call fee is $125 now",
            "in shifts.md move the pantry shift to 4pm",
            "change every 'Elisa' to 'Eliza' in chapter3.md",
            "in claim_88213.md the deductible is $1,000 not $500",
        ] {
            assert!(hints_of(need).ends_with(", edit)"), "{need}");
        }
        assert!(
            !hints_of("how come the port is 3000 and not 8080? read server.js").contains("edit")
        );
        assert_eq!(
            hints_of("commits since Friday by Ana"),
            "commits since by Ana (date, author in the history, log of commits)"
        );
        assert!(!hints_of("should be fine in notes.md").contains("edit"));
        assert!(!hints_of("move the card back to To do").contains("edit"));
        assert!(!hints_of("make the bed in the guest room").contains("edit"));
        assert!(!hints_of("move report.pdf to the archive folder").contains("edit"));
        assert!(!hints_of("the .xlsx budget is now on Google Sheets").contains("edit"));
    }

    #[test]
    fn asking_whether_a_named_file_holds_something_is_a_read() {
        for need in [
            "check whether config.toml still points at the old host",
            "verify if the Dockerfile pins node 20",
            "control the file settings.yaml if the port is correct",
            "what is the actual version written in package.json",
            "go to line 200 in big_report.csv and tell me what's there",
            "double-check that config/prod.yaml has debug off",
            "make sure .env is in .gitignore",
            "the CSV at data/raw/visits.csv: what are its headers?",
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
}
