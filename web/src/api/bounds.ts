// Generated from ../openapi.json by scripts/bounds.mjs (npm run codegen). Never edit by hand.
// The bounds the page keeps, as the service's OpenAPI document states them, so no request breaks one.

/** The most characters a salon's id has. From paths./salons/{salon}/book.post.parameters[salon].schema.maxLength. */
export const maxSalonChars = 64;

/** The most open slots round one sends. From components.schemas.BookArguments.properties.openSlots.maxItems. */
export const maxOpenSlots = 50;

/** The most characters one slot has. From components.schemas.BookArguments.properties.openSlots.items.maxLength. */
export const maxSlotChars = 64;

/** The most characters the customer's words have. From components.schemas.BookArguments.properties.message.maxLength. */
export const maxMessageChars = 1000;

/** The most characters the customer's name has. From components.schemas.Customer.properties.name.maxLength. */
export const maxCustomerNameChars = 100;

/** The most characters the customer's contact has. From components.schemas.Customer.properties.contact.maxLength. */
export const maxContactChars = 200;
