/**
 * What the studio's list buttons answer with (issue 57): each press draws the form again at once,
 * saving nothing, so its notice says what changed, in which list (`{list}`, its label as an
 * error names it), and that Save keeps it.
 */
export const studioNotices = {
  /** A save over a draft someone else saved since: both are shown, nothing is overwritten. */
  stale: {
    title: 'Someone else saved this since you opened it',
    text: 'Nothing was overwritten. Their draft and yours differ in the fields below; save again to keep yours.',
    caption: 'Where the two drafts differ',
    field: 'Field',
    theirs: 'Their draft',
    yours: 'Your draft',
  },
  listNotices: {
    add: {
      ok: true,
      title: 'Added',
      text: 'A new item is at the end of {list}, ready to fill in. Save the draft to keep it.',
    },
    copy: {
      ok: true,
      title: 'Duplicated',
      text: 'The copy is right after the item in {list}. Save the draft to keep it.',
    },
    remove: {
      ok: true,
      title: 'Removed',
      text: 'The item is gone from {list}. Save the draft to keep the change.',
    },
    up: {
      ok: true,
      title: 'Moved up',
      text: 'The item is one place higher in {list}. Save the draft to keep the order.',
    },
    down: {
      ok: true,
      title: 'Moved down',
      text: 'The item is one place lower in {list}. Save the draft to keep the order.',
    },
    unchanged: {
      ok: false,
      title: 'Nothing changed',
      text: '{list} already has as many items as it can hold, or as few as it needs, or the item is already at that end.',
    },
  },
}
