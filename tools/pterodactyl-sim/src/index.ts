export { type HeldCreate, PterodactylSimulator, type SimulatorOptions } from './server.ts';
export { type SeedOptions, type SimFlavour, type SimState, seedState } from './state.ts';
