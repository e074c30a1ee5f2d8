/** Filled in by the H1 part of issue #14 (this stub renders nothing until then). */
export function ProfileSection() {
  return null;
}
