/** The group names a gateway uses when STAFF_GROUP, ADMIN_GROUP and NETWORK_GROUP are not set. */
export const DEFAULT_GROUPS = { staff: 'success-staff', admin: 'success-admins', network: 'success-network-editors', records: 'success-records' };
