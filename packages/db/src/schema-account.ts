// Tables owned by the account capability. Money columns are integer minor units.
export {};
