export default {
  hooks: {
    'member.registered': () => {
      throw new Error('this hook always fails');
    },
  },
};
