/**
 * A translated sentence with elements inside it (a link, a bold address), without gluing fragments: the
 * message is written whole with placeholders (`"We sent a link to {email}."`), called with markers for them,
 * and the markers are replaced by the elements (issue 50). Word order is the translation's own.
 */
import { Fragment, type ReactNode } from "react";

const MARK = "\u0001";

export function rich<K extends string>(message: (marks: Record<K, string>) => string, nodes: Record<K, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(nodes).map((k) => [k, `${MARK}${k}${MARK}`])) as Record<K, string>;
  const parts = message(marks).split(MARK);
  // even indexes are text, odd ones a placeholder's name
  return parts.map((part, i) => <Fragment key={i}>{i % 2 === 0 ? part : nodes[part as K]}</Fragment>);
}
