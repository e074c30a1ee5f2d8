export default (api) => {
  api.registerSlot('dashboard.cards', () => api.React.createElement('p', { className: 'note' }, 'recorder'));
};
