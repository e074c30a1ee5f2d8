/**
 * Waits until `url` answers 2xx (up to 30 s). With `child`, a server process that exits meanwhile
 * fails at once instead of after the wait.
 * @param {string} url
 * @param {{ exitCode: number | null }} [child]
 */
export async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}
