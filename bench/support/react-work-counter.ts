/**
 * Installed before the app's scripts by `bench/typing-work.ts`: React's DevTools hook,
 * which a production build of React calls after each commit, counting what each
 * commit drew (components rendered or mounted, elements and texts created, and when
 * it was committed, on the page's clock), and the
 * page's writes of its history and its title. Plain JavaScript in a string, as
 * Playwright sends it.
 *
 * A component drew in a commit when it was mounted or did work (React's
 * `PerformedWork` flag); a subtree whose child list is the one of the tree before
 * was skipped whole, so the walk does not go into it.
 */
export const reactWorkCounter = String.raw`
(() => {
  const performedWork = 1;
  const componentTags = new Set([0, 1, 11, 14, 15]);
  const hostTags = new Set([5, 6]);
  const work = { commits: [], historyWrites: 0, titleWrites: 0, counting: false };
  window.__work = work;
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type || typeof type === 'string') return String(type);
    return type.displayName || type.name || type.render?.name || type.type?.name || 'anonymous';
  };
  function countCommit(first) {
    const commit = { at: performance.now(), components: 0, created: 0, byName: {} };
    const stack = [first];
    while (stack.length > 0) {
      const fiber = stack.pop();
      if (!fiber) continue;
      if (fiber.sibling) stack.push(fiber.sibling);
      const mounted = fiber.alternate === null;
      if (componentTags.has(fiber.tag) && (mounted || (fiber.flags & performedWork) !== 0)) {
        commit.components += 1;
        const name = nameOf(fiber);
        commit.byName[name] = (commit.byName[name] ?? 0) + 1;
      }
      if (mounted && hostTags.has(fiber.tag)) commit.created += 1;
      if (fiber.child && (mounted || fiber.child !== fiber.alternate.child)) stack.push(fiber.child);
    }
    return commit;
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(this.renderers.size + 1, renderer);
      return this.renderers.size;
    },
    onCommitFiberRoot(_id, root) {
      if (work.counting) work.commits.push(countCommit(root.current.child));
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };
  for (const method of ['pushState', 'replaceState']) {
    const write = History.prototype[method];
    History.prototype[method] = function (...args) {
      if (work.counting) work.historyWrites += 1;
      return write.apply(this, args);
    };
  }
  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
  Object.defineProperty(Document.prototype, 'title', {
    configurable: true,
    get() {
      return title.get.call(this);
    },
    set(value) {
      if (work.counting) work.titleWrites += 1;
      title.set.call(this, value);
    },
  });
})();
`;
