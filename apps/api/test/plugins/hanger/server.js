export default {
  hooks: {
    // Never settles: the panel must give up on it and go on.
    'member.registered': () => new Promise(() => {}),
  },
};
