export { type HeldCreate, PterodactylSimulator, type SimulatorOptions } from './server.ts';
export { type SimState, seedState } from './state.ts';
