// Tables owned by the shop capability. Money columns are integer minor units.
export {};
