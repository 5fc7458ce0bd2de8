export * from './accounts';
export * from './catalog';
export * from './discovery';
export * from './reading';
export * from './wallet';
export * from './social';
export * from './activity';
export * from './ops';
