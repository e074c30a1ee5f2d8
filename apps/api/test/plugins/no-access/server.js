export default { routes: [{ method: 'GET', path: '/open', handler: () => ({ success: true }) }] };
