/** /admin/experiments (admins and editors make them; sales read the results): which version brings more leads. */
import type { ExperimentRefusal } from '../../schemas/admin-outcomes'
import type { ExperimentStatus } from '../../schemas/experiments'

/** Why a change was refused: words for every code of experiments/services/experiment-desk.ts. */
const refusals = {
  'bad-name': 'Give the experiment a name of up to 100 characters, such as “Hero: shorter headline”.',
  'unknown-document': 'Choose the page or section to test from the list.',
  'no-draft':
    'That page or section has no saved draft. Open it in the studio, make the change you want to test, choose Save draft (not Publish), then come back.',
  'same-as-arm':
    'The saved draft is the same as a version already in this experiment. Save a different draft first.',
  'too-many-arms':
    'An experiment has at most 4 versions: more would split the visitors too thin to learn anything.',
  'bad-split': 'Choose how to split the visitors.',
  'bad-share': 'The share of visitors in the experiment must be a whole number from 1 to 100.',
  'bad-lift': 'The smallest change worth knowing must be a whole number of percent from 1 to 500.',
  busy: 'Another experiment on the same page or section is running. Stop it first: a visitor can only see one test of a section.',
  'arm-invalid':
    'A version does not pass the studio’s checks any more (a picture deleted, a link broken, or too heavy). Fix the draft, then make a new experiment.',
  'arm-broken':
    'This version no longer passes the studio’s checks, so making it live would publish a broken page (a picture deleted from Media, a link to a page the site no longer has, or too heavy). Stop the experiment, fix the page or section in the studio, and publish it from there.',
  'not-draft': 'This experiment has already started, so its versions can no longer change.',
  'not-running': 'This experiment is not running.',
  'unknown-arm': 'Choose one of the experiment’s versions.',
} satisfies Record<ExperimentRefusal, string>

export const experiments = {
  meta: {
    title: 'Experiments · Admin',
    description: 'Show visitors two versions of a page and learn which brings more leads.',
  },
  heading: 'Experiments',
  intro:
    'Show part of your visitors a new version of a page or section, and learn from real leads (never spam) whether it does better. Each visitor keeps their version for the day. Nothing flickers, no cookie is set and no script is added.',
  refusals,
  list: {
    caption: 'Experiments, newest first',
    name: 'Name',
    document: 'Tests',
    status: 'Status',
    started: 'Started (UTC)',
    arms: 'Versions',
    none: 'No experiments yet.',
  },
  statuses: { draft: 'Not started', running: 'Running', stopped: 'Stopped' } satisfies Record<
    ExperimentStatus,
    string
  >,
  create: {
    title: 'New experiment',
    intro:
      'First save the new version as a draft in the studio (Save draft, not Publish). The experiment shows the live version as A and your draft as B.',
    name: 'Name',
    nameHint: 'What it tests, e.g. “Hero: shorter headline”.',
    document: 'Page or section',
    documentHint: 'Its saved draft becomes version B.',
    split: 'Split between A and B',
    share: 'Visitors in the experiment (%)',
    shareHint: 'The rest see the live version and are not counted. 100 learns fastest.',
    lift: 'Smallest change worth knowing (%)',
    liftHint:
      'E.g. 25: you want to know if B brings 25 % more leads, or fewer. Smaller changes take longer to tell.',
    submit: 'Make the experiment',
    post: 'Post: {title}',
    page: 'Landing page: {title}',
    /** A document's edition in another locale: its English name and the language. */
    edition: '{name} ({language})',
  },
  splits: { '50': 'Half and half (50/50)', '80': 'Most see A (80/20)', '90': 'Few see B (90/10)' },
  cookie: {
    title: 'Remembering versions',
    intro:
      'By default a visitor keeps their version for the day (UTC), with no cookie: one who comes back another day may see the other version. A cookie keeps it for 30 days, which makes the results a little sharper; the privacy page then says so.',
    label: 'Remember each visitor’s versions for 30 days with a cookie',
    hint: 'The cookie is named “exp” and holds only each experiment’s code and the version shown.',
    submit: 'Save',
    isOn: 'On: versions are remembered with a cookie.',
    isOff: 'Off: no cookie; versions are kept for the day.',
  },
  detail: {
    meta: { title: 'Experiment · Admin', description: 'An experiment’s versions, plan and results.' },
    about: 'About this experiment',
    facts: {
      document: 'Tests',
      status: 'Status',
      share: 'Visitors in the experiment',
      lift: 'Smallest change worth knowing',
      made: 'Made',
      started: 'Started (UTC)',
      stopped: 'Stopped (UTC)',
      promoted: 'Made live',
      edit: 'Open it in the studio',
    },
    arms: {
      caption: 'Versions',
      arm: 'Version',
      weight: 'Share of the experiment’s visitors',
      shows: 'Shows',
      see: 'See it',
      live: 'The live version',
      draft: 'The draft saved when the version was added',
      control: 'Version A is the live one: every other is compared with it.',
    },
    addArm: 'Add the saved draft as another version',
    addArmHint: 'Save a different draft in the studio first. Up to 4 versions; the split becomes even.',
    plan: {
      title: 'How long it will take',
      rate: 'Leads per visitor on the site (30 days)',
      daily: 'Visitors a day on this page (30 days)',
      perArm: 'Visitors each version needs',
      weeks: 'About {weeks} weeks',
      noTraffic: 'This page had no visitors in the last 30 days, so how long it takes cannot be said yet.',
      notEnough: 'Not enough traffic yet to estimate.',
      floor: 'At least this long: read the verdict as often as you like, but expect it to take this long.',
    },
    start: 'Start',
    startHint: 'Visitors start seeing the versions at once. The versions cannot change after this.',
    stop: 'Stop without changing the site',
    stopHint: 'Everyone sees the live version again at once.',
    promote: 'Make version {arm} live',
    promoteHint: 'Publishes it for everyone (with history, so it can be restored) and stops the experiment.',
    versionPreview: {
      label: 'Version {arm}',
      note: 'This is version {arm} of the experiment “{name}”, as the visitors given it see it.',
      liveNote:
        'This is version {arm} of the experiment “{name}”: the live page, as everyone else sees it too.',
      back: 'Back to the experiment',
      link: 'See version {arm}',
    },
    confirmLive: {
      title: 'Make version {arm} live before the verdict is clear?',
      text: 'The results cannot tell yet whether this version brings more leads than A. Making it live now is a guess, and the experiment stops. Keep it running for an answer.',
      yes: 'Make version {arm} live anyway',
      no: 'Keep testing',
    },
    back: 'All experiments',
  },
  results: {
    title: 'Results',
    caption: 'Visitors, leads and the verdict for each version',
    columns: {
      arm: 'Version',
      visitors: 'Visitors',
      starts: 'Started the form',
      leads: 'Leads',
      rate: 'Leads per visitor (95 % range)',
      lift: 'Change against A',
      verdict: 'Verdict',
      loading: 'Loading',
      response: 'Response',
    },
    calls: {
      better: 'Brings more leads than A',
      worse: 'Brings fewer leads than A',
      unsure: 'Not clear yet: keep it running',
      control: 'The version the others are compared with',
      waiting: 'Not clear yet: each version needs 5 leads first',
    },
    liftRange: '{lift} (somewhere from {low} to {high})',
    alarm: {
      ok: false,
      title: 'The split is broken: do not trust these results',
      text: 'The versions got a different share of visitors than they should (p = {p}). Something other than chance sends visitors to one version: a bug, or a bot. No verdict is shown until the split is right.',
    },
    how: 'The verdict stays right however often you look: it says “more” or “fewer” only when there is at most a 5 % chance that it is wrong. Do not stop at the first good day: until it says so, the difference can still be chance.',
    chart: {
      title: 'Leads per visitor over time',
      description: 'Each version’s leads per visitor so far, at the end of each day (UTC).',
      day: 'Day',
    },
    csv: 'Download the days as CSV',
    none: 'No visitor has seen the experiment yet.',
  },
  notices: {
    made: { ok: true, title: 'Made', text: 'The experiment is ready. Check its versions, then start it.' },
    armAdded: { ok: true, title: 'Added', text: 'The saved draft is another version now.' },
    started: { ok: true, title: 'Started', text: 'Visitors now see the versions.' },
    stopped: { ok: true, title: 'Stopped', text: 'Everyone sees the live version again.' },
    promoted: {
      ok: true,
      title: 'Live',
      text: 'That version is live for everyone, and the experiment has stopped.',
    },
    cookieOn: {
      ok: true,
      title: 'Saved',
      text: 'Visitors’ versions are now remembered with a cookie, and the privacy page says so.',
    },
    cookieOff: {
      ok: true,
      title: 'Saved',
      text: 'No cookie is set any more, and the privacy page says so. Visitors keep their version for the day.',
    },
    failed: {
      ok: false,
      title: 'Not done',
      text: 'The experiment could not be changed. Try again in a moment.',
    },
    refused: 'Not done',
  },
}
