// A link shown in text on the stage wraps where a reader expects it to (after a slash, a dot, a "?" or a "&"),
// not in the middle of a word: the pieces between those places, each followed by a line-break opportunity.

/** The link cut after each run of slashes and after each ".", "?", "&" and "#"; joined again they are the link. */
export function linkPieces(link: string): string[] {
  return link.match(/[^/.?&#]*(?:\/+|[.?&#]|$)/g)?.filter((piece) => piece !== '') ?? [link];
}
