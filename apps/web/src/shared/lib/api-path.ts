/** A route path with its `:id` filled in: '/api/x/:id' -> '/api/x/42'. */
export const withId = (path: string, id: number) => path.replace(':id', String(id));

/** A route path with the parameter `name` filled in, URL-encoded (a type name, a certificate number...). */
export const withParam = (path: string, name: string, value: string | number) =>
  path.replace(`:${name}`, encodeURIComponent(String(value)));
