// The changes made to installed packages, applied by content (patches/apply.mjs, run by `npm install` and
// `npm ci`). Each names the package, the exact version it was written for (package.json pins it), the text
// to find (exactly once among the package's .js/.mjs/.cjs files) and the text that replaces it. Why each
// exists, and what to do when upgrading the package: docs/patches.md.

/** @typedef {{ id: string, package: string, version: string, find: string, replace: string }} Patch */

/** @type {Patch[]} */
export const patches = [
  {
    id: 'vike-catch-infinite-loop-sweep',
    package: 'vike',
    version: '0.4.266',
    find: `function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers
    Object.keys(trackers).forEach((key) => {
        const tracker = trackers[key];
        const elapsedTime = now - tracker.startTime;
        if (elapsedTime > time)
            delete trackers[key];
    });
    const tracker = (trackers[functionName] ?? (trackers[functionName] = { count: 0, startTime: now }));
    // Count
    tracker.count++;
    // Error
    const msg = \`\${functionName} called \${tracker.count} times within \${humanizeTime(time)} — infinite loop?\`;
    if (tracker.count > maxCalls) {
        assertUsage(false, msg);
    }
    // Warning, at 50% threshold
    if (!tracker.warned && tracker.count > maxCalls * 0.5) {
        // Warning is shown upon 10 calls a second, on average during 5 seconds, given the default parameters
        assertWarning(false, msg, { onlyOnce: false, showStackTrace: true });
        tracker.warned = true;
    }
}`,
    replace: `// dino-shop patch (docs/patches.md): the server calls this once per request under the request's own
// name, so outdated trackers are swept at most once a second, not on every call; an outdated tracker
// found by name starts afresh, so what is counted is unchanged.
let lastSweep = 0;
function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers
    if (now - lastSweep >= 1000) {
        lastSweep = now;
        for (const key in trackers) {
            if (now - trackers[key].startTime > time)
                delete trackers[key];
        }
    }
    let tracker = trackers[functionName];
    if (!tracker || now - tracker.startTime > time)
        tracker = trackers[functionName] = { count: 0, startTime: now };
    // Count
    tracker.count++;
    // Error
    if (tracker.count > maxCalls) {
        assertUsage(false, message(functionName, tracker));
    }
    // Warning, at 50% threshold
    if (!tracker.warned && tracker.count > maxCalls * 0.5) {
        // Warning is shown upon 10 calls a second, on average during 5 seconds, given the default parameters
        assertWarning(false, message(functionName, tracker), { onlyOnce: false, showStackTrace: true });
        tracker.warned = true;
    }
}
function message(functionName, tracker) {
    return \`\${functionName} called \${tracker.count} times within \${humanizeTime(time)} — infinite loop?\`;
}`,
  },
  {
    id: 'pglite-text-field-decode',
    package: '@electric-sql/pglite',
    version: '0.5.16',
    // The protocol reader's string(length), minified in the ESM build (the CJS builds name it differently).
    find: 'string(t){return r(this,le).decode(this.bytes(t))}',
    replace:
      'string(t){/* dino-shop patch (docs/patches.md): decoded where it lies, not from a copy of its bytes */let n=r(this,w);return d(this,w,n+t),r(this,le).decode(new Uint8Array(r(this,x).buffer,n,t))}',
  },
];
