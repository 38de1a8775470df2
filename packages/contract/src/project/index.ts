/**
 * Projects (issue 17): the project record with its state from the time, members and their roles, the machines
 * it binds (docks, aircraft, payloads, data links), and the depts and users authorised to see it.
 */
export * from './project.js';
